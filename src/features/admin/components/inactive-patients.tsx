import { messages, type Paciente } from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { DataStamp, useOfflineLock } from '@/components/offline'
import { capitalizeName, formatCpf, formatPhone } from '@/lib/format'
import { notifyError, notifyInfo } from '@/lib/notify'
import { useActivatePatient } from '../api/activate-patient'
import { useInactivePatients } from '../api/get-inactive-patients'
import { AdminListCard } from './admin-list-card'

const PATIENT_COLUMNS: DataColumn<Paciente>[] = [
  { label: 'Nome do paciente', cell: (patient) => capitalizeName(patient.nome) },
  { label: 'CPF', cell: (patient) => formatCpf(patient.cpf) },
  { label: 'Telefone', cell: (patient) => formatPhone(patient.telefone) },
]

/** 'Ativar paciente' (docs/product.md §2 Admin): inactive (deleted) patients, paged, each can be reactivated. */
export function InactivePatients() {
  const {
    data,
    dataUpdatedAt,
    fetchStatus,
    isPending,
    isError,
    isFetching,
    isFetchingNextPage,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useInactivePatients()
  const activate = useActivatePatient()
  const { offline, noteId, describedBy } = useOfflineLock()
  const patients: Paciente[] = data?.pages.flat() ?? []

  const loadMore = async () => {
    if (!hasNextPage) {
      notifyInfo(messages.noMorePatients)
      return
    }
    const result = await fetchNextPage()
    if (result.isError) notifyError(messages.fetchFailed)
    else if (result.data?.pages.at(-1)?.length === 0) notifyInfo(messages.noMorePatients)
  }

  // The toasts come from the mutation's texts.
  const onActivate = (patient: Paciente) => activate.mutate({ id: patient.id })

  return (
    <AdminListCard
      titleId="admin-inactive-title"
      title="Ativar paciente"
      onReload={() => void refetch()}
      reloading={isFetching}
      noteId={noteId}
      offlineNote={offline && patients.length > 0}
    >
      {patients.length > 0 && <DataStamp updatedAt={dataUpdatedAt} />}
      <DataTable
        caption="Pacientes inativos"
        columns={PATIENT_COLUMNS}
        rows={patients}
        rowKey={(patient) => patient.id}
        waitingOffline={fetchStatus === 'paused'}
        loading={isPending}
        failed={isError}
        empty={messages.noPatientsFound}
        actions={(patient) => (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={activate.isPending || offline}
            aria-busy={(activate.isPending && activate.variables?.id === patient.id) || undefined}
            aria-describedby={describedBy()}
            onClick={() => onActivate(patient)}
          >
            Ativar
          </button>
        )}
      />
      <div className="load-more">
        <button
          type="button"
          className="button"
          disabled={isPending || isFetchingNextPage}
          onClick={() => void loadMore()}
        >
          Carregar Mais
        </button>
      </div>
    </AdminListCard>
  )
}
