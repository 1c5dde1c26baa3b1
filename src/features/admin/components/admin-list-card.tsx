// The frame of each list of 'Admin' (users, doctors, inactive patients): a wide card, its title (with
// 'Recarregar' when the list can be fetched again) and, once there are rows to change, the offline note that
// the rows' buttons are described by (src/components/offline.tsx). The list gives its table and dialogs.
import type { ReactNode } from 'react'
import { ListHeader } from '@/components/data-table'
import { OfflineNote } from '@/components/offline'

export interface AdminListCardProps {
  titleId: string
  title: string
  onReload?: () => void
  reloading?: boolean
  /** useOfflineLock's noteId, and whether the note shows (offline, with rows listed). */
  noteId: string
  offlineNote: boolean
  children: ReactNode
}

export function AdminListCard({
  titleId,
  title,
  onReload,
  reloading,
  noteId,
  offlineNote,
  children,
}: AdminListCardProps) {
  return (
    <section className="card admin-grid__wide" aria-labelledby={titleId}>
      <ListHeader id={titleId} title={title} onReload={onReload} reloading={reloading} />
      <OfflineNote id={noteId} offline={offlineNote} />
      {children}
    </section>
  )
}
