import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { formatClinicStamp } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { useOnline } from '@/lib/use-online'
import './offline.css'

/**
 * When the data on screen was fetched: the oldest fetch time among the queries a mounted component is
 * using (active, with data), but those marked `meta: { notShown: true }`. The banner gives the oldest, so it never claims newer data than shown.
 */
export function oldestShownDataAt(queryClient: QueryClient): number | null {
  let oldest = Infinity
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!query.isActive() || query.state.data === undefined || !query.state.dataUpdatedAt) continue
    // what the app needs but does not show as data (the user's doctor link) says nothing of the screen's age
    if (query.meta?.notShown === true) continue
    oldest = Math.min(oldest, query.state.dataUpdatedAt)
  }
  return oldest === Infinity ? null : oldest
}

/**
 * Offline, a live region says so and how old the data on screen is:
 * 'Sem conexão — exibindo dados salvos de 22/11 às 09:00'. The region stays mounted (empty while online)
 * so that screen readers announce the change when the connection drops.
 */
export function OfflineBanner() {
  const online = useOnline()
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const shownAt = useSyncExternalStore(
    subscribe,
    () => oldestShownDataAt(queryClient),
    () => null,
  )
  return (
    <div
      className={online ? 'offline-banner offline-banner--hidden' : 'offline-banner'}
      role="status"
      aria-live="polite"
    >
      {!online && (
        <p className="offline-banner__text">
          {shownAt === null
            ? messages.offlineNothingSaved
            : `${messages.offlineShowingSaved} ${formatClinicStamp(shownAt)}`}
        </p>
      )}
    </div>
  )
}
