import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * Whether the app believes the API is reachable: TanStack's onlineManager, seeded and kept by
 * src/lib/offline/connectivity.ts (browser events, failed requests, and a question to the server at start
 * and on each return to the foreground).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  )
}
