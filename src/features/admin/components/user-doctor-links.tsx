import { OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { capitalizeName } from '@/lib/format'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { messages } from '@contract'
import { useDoctorsForLinks, useLinkUserToDoctor, useUsers } from '../api/user-doctor-links'

/**
 * 'Usuários e médicos': which user is which doctor. A linked user opens on 'Minha agenda' (their own
 * appointments) and starts and finishes them; choosing 'Nenhum' unlinks.
 */
export function UserDoctorLinks() {
  const users = useUsers()
  const doctors = useDoctorsForLinks()
  const titles = useDoctorTitles()
  const link = useLinkUserToDoctor()
  const { offline, noteId, describedBy } = useOfflineLock()

  let content
  if (users.isPending) content = <PageLoading />
  else if (users.isError)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else
    content = (
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Usuários e médicos</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Médico (Minha agenda)</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((user) => (
              <tr key={user.id}>
                <td data-label="Nome">{user.nome}</td>
                <td data-label="E-mail">{user.email}</td>
                <td data-label="Médico (Minha agenda)">
                  <select
                    className="field__control"
                    aria-label={`Médico de ${user.nome}`}
                    value={user.medico?.id ?? ''}
                    disabled={offline || (link.isPending && link.variables?.id === user.id)}
                    aria-describedby={describedBy()}
                    onChange={(event) => link.mutate({ id: user.id, medicoId: event.target.value || null })}
                  >
                    <option value="">Nenhum</option>
                    {(doctors.data ?? []).map((doctor) => (
                      <option key={doctor.id} value={doctor.id}>
                        {doctorTitle({ id: doctor.id, nome: capitalizeName(doctor.nome) }, titles)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )

  return (
    <section className="card" aria-labelledby="admin-links-title">
      <h2 id="admin-links-title">Usuários e médicos</h2>
      {content}
      <OfflineNote id={noteId} offline={offline} />
    </section>
  )
}
