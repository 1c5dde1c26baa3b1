// The contract's session reader alone: this runs before the first screen, whose JS holds no zod
// (bench/journal/2026-11-24-issue-18-floor.md, "Size budget").
import { readStoredSession, type StoredSession } from '@contract/session'
import { SESSION_STORAGE_KEY } from './session-key'

// The session (docs/product.md §3): token and user, kept in localStorage so a tablet stays signed in.
export { SESSION_STORAGE_KEY }
const STORAGE_KEY = SESSION_STORAGE_KEY

export type Session = StoredSession

type Listener = (session: Session | null) => void
const listeners = new Set<Listener>()

export function getSession(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    return readStoredSession(JSON.parse(raw))
  } catch {
    return null
  }
}

export function setSession(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session))
  listeners.forEach((listener) => listener(session))
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEY)
  listeners.forEach((listener) => listener(null))
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const isAdmin = (session: Session | null) => session?.user.role === 'ADMIN'
