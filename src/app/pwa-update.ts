import { useSyncExternalStore } from 'react'

// The service-worker update state, kept outside React so main.tsx (which imports the virtual module of
// vite-plugin-pwa) can feed it while the components stay testable without that module.
type Updater = (reloadPage?: boolean) => Promise<void>

let needRefresh = false
let updater: Updater | null = null
const listeners = new Set<() => void>()

function emit() {
  listeners.forEach((listener) => listener())
}

/** Called by the registration (main.tsx) when a new service worker waits to take over. */
export function announceUpdate(update: Updater): void {
  updater = update
  needRefresh = true
  emit()
}

export function dismissUpdate(): void {
  needRefresh = false
  emit()
}

/** Activates the waiting worker; the page reloads into the new version. */
export async function applyUpdate(): Promise<void> {
  needRefresh = false
  emit()
  await updater?.(true)
}

export function useNeedRefresh(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => needRefresh,
    () => false,
  )
}
