import { useSyncExternalStore } from 'react'
import { getSession, SESSION_STORAGE_KEY, subscribeSession, type Session } from './session'

// getSession() parses localStorage on every call, so keep the last parsed value per raw string:
// useSyncExternalStore requires the same snapshot object while nothing changed.
let cachedRaw: string | null | undefined
let cachedSession: Session | null = null

function snapshot(): Session | null {
  let raw: string | null
  try {
    raw = localStorage.getItem(SESSION_STORAGE_KEY)
  } catch {
    raw = null
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedSession = getSession()
  }
  return cachedSession
}

function subscribe(onChange: () => void) {
  const unsubscribe = subscribeSession(onChange)
  // Another tab signing out (or in) changes localStorage too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) onChange()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    unsubscribe()
    window.removeEventListener('storage', onStorage)
  }
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null)
}
