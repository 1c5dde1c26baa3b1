import { messages, type Paciente } from '@contract'
import { DataStamp, OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { capitalizeName, formatCpf, formatPhone } from '@/lib/format'
import { notifyError, notifyInfo } from '@/lib/notify'
import { useActivatePatient } from '../api/activate-patient'
import { useInactivePatients } from '../api/get-inactive-patients'

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

  let content
  if (isPending && fetchStatus === 'paused')
    content = (
      <p className="empty-state" role="status">
        {messages.offline}
      </p>
    )
  else if (isPending) content = <PageLoading />
  else if (isError && patients.length === 0)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else if (patients.length === 0) content = <p className="empty-state">{messages.noPatientsFound}</p>
  else
    content = (
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Pacientes inativos</caption>
          <thead>
            <tr>
              <th scope="col">Nome do paciente</th>
              <th scope="col">CPF</th>
              <th scope="col">Telefone</th>
              <th scope="col">Botões</th>
            </tr>
          </thead>
          <tbody>
            {patients.map((patient) => (
              <tr key={patient.id}>
                <td data-label="Nome do paciente">{capitalizeName(patient.nome)}</td>
                <td data-label="CPF">{formatCpf(patient.cpf)}</td>
                <td data-label="Telefone">{formatPhone(patient.telefone)}</td>
                <td data-label="Botões" className="data-table__actions">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )

  return (
    <section className="card admin-grid__wide" aria-labelledby="admin-inactive-title">
      <div className="page-header">
        <h2 id="admin-inactive-title">Ativar paciente</h2>
        <div className="toolbar">
          <button type="button" className="button" disabled={isFetching} onClick={() => void refetch()}>
            Recarregar
          </button>
        </div>
      </div>
      <OfflineNote id={noteId} offline={offline && patients.length > 0} />
      {patients.length > 0 && <DataStamp updatedAt={dataUpdatedAt} />}
      {content}
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
    </section>
  )
}
