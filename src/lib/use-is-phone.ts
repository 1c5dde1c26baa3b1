import { useSyncExternalStore } from 'react'

/** The phone's layout (the stylesheets' breakpoint): screens that fold or reorder what a tablet shows at once. */
export const PHONE_QUERY = '(max-width: 600px)'

/** Whether the screen is a phone's, following rotation and resizing. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const media = window.matchMedia(PHONE_QUERY)
      media.addEventListener('change', notify)
      return () => media.removeEventListener('change', notify)
    },
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  )
}
