import { onlineManager } from '@tanstack/react-query'

/** How often an open app asks the server whether a new version was deployed. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

type UpdatableRegistration = Pick<ServiceWorkerRegistration, 'update' | 'installing'>

/**
 * One update check: the browser fetches sw.js and, if it changed, installs the new worker, which then
 * waits — registerSW's onNeedRefresh shows 'Nova versão disponível'. Skipped while offline (it could
 * only fail) and while a new worker is already installing. Resolves true when a check was made.
 */
export async function checkForUpdate(registration: UpdatableRegistration): Promise<boolean> {
  if (!navigator.onLine || !onlineManager.isOnline()) return false
  if (registration.installing) return false
  try {
    await registration.update()
    return true
  } catch {
    return false
  }
}

/** Hourly checks for a tablet that stays open all day; returns the cancel. */
export function scheduleUpdateChecks(
  registration: UpdatableRegistration,
  intervalMs = UPDATE_CHECK_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => void checkForUpdate(registration), intervalMs)
  return () => clearInterval(timer)
}
