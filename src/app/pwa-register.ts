import { announceUpdate } from './pwa-update'
import { scheduleUpdateChecks } from './update-checks'

/**
 * Registers the app's service worker (production build only; main.tsx decides) in prompt mode: a new
 * version waits until the user presses 'Atualizar'; then it takes over and the page reloads into it.
 */
export async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register')
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => announceUpdate(updateSW),
    onRegisteredSW: (_swUrl, registration) => {
      if (registration) scheduleUpdateChecks(registration)
    },
  })
}
