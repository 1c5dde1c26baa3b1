import { useId } from 'react'
import { formatClinicStamp } from '@contract/clinic-time'
import { messages } from '@contract/messages'
import { useOnline } from '@/lib/use-online'
import './offline.css'

/**
 * Changes need the API (docs/product.md §13). A screen's change buttons are `disabled={offline}` and
 * described by the visible note (`<OfflineNote id={noteId} offline={offline} />`), so a receptionist —
 * and a screen reader — learns why the button does nothing.
 */
export function useOfflineLock() {
  const offline = !useOnline()
  const noteId = useId()
  return {
    offline,
    noteId,
    /** aria-describedby for a change button: its own descriptions, plus the note while offline. */
    describedBy: (...ids: Array<string | undefined>) =>
      [...ids, offline ? noteId : undefined].filter(Boolean).join(' ') || undefined,
  }
}

export function OfflineNote({ id, offline }: { id: string; offline: boolean }) {
  if (!offline) return null
  return (
    <p id={id} className="offline-note">
      {messages.offlineChangesDisabled}
    </p>
  )
}

/**
 * Offline, a list says when its data was fetched: 'Dados de 22/11 às 09:00'. `updatedAt` is the
 * query's dataUpdatedAt (0 when it has no data). Online it shows nothing.
 */
export function DataStamp({ updatedAt }: { updatedAt: number }) {
  const online = useOnline()
  if (online || !updatedAt) return null
  return (
    <p className="data-stamp">
      {messages.dataFetchedAt} {formatClinicStamp(updatedAt)}
    </p>
  )
}
