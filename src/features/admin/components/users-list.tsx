import { useState } from 'react'
import { messages, type UsuarioComMedico } from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { PageLoading } from '@/components/page-loading'
import { useSession } from '@/lib/use-session'
import { useChangeUserRole, useDeactivateUser, useReactivateUser } from '../api/users'
import { useUsers } from '../api/user-doctor-links'

const ROLE_LABELS = { ADMIN: 'Administrador', USER: 'Usuário' } as const

/**
 * 'Usuários': every user with their role and whether they may sign in; ADMIN deactivates (after a
 * confirmation), reactivates and changes the role. Each change ends that user's sessions at once. One's
 * own account is not changed here (the server refuses it too).
 */
export function UsersList() {
  const session = useSession()
  // the first page of users (a clinic's staff fits in it), shared with 'Usuários e médicos'
  const { data, isPending, isError, isFetching, refetch } = useUsers()
  const deactivate = useDeactivateUser()
  const reactivate = useReactivateUser()
  const changeRole = useChangeUserRole()
  const { offline, noteId, describedBy } = useOfflineLock()
  const [confirming, setConfirming] = useState<UsuarioComMedico | null>(null)
  const users = data ?? []
  const busy = deactivate.isPending || reactivate.isPending || changeRole.isPending

  const confirmDeactivate = () => {
    if (!confirming) return
    deactivate.mutate({ id: confirming.id }, { onSuccess: () => setConfirming(null) })
  }

  let content
  if (isPending) content = <PageLoading />
  else if (isError && users.length === 0)
    content = (
      <p className="alert" role="alert">
        {messages.fetchFailed}
      </p>
    )
  else
    content = (
      <div className="table-wrap">
        <table className="data-table">
          <caption className="visually-hidden">Usuários</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">Perfil</th>
              <th scope="col">Situação</th>
              <th scope="col">Botões</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const own = user.id === session?.user.id
              const disabled = own || busy || offline
              const otherRole = user.role === 'ADMIN' ? 'USER' : 'ADMIN'
              return (
                <tr key={user.id}>
                  <td data-label="Nome">{user.nome}</td>
                  <td data-label="E-mail">{user.email}</td>
                  <td data-label="Perfil">{ROLE_LABELS[user.role]}</td>
                  <td data-label="Situação">{user.ativo ? 'Ativo' : 'Desativado'}</td>
                  <td data-label="Botões" className="data-table__actions">
                    {user.ativo ? (
                      <button
                        type="button"
                        className="button button--danger button--small"
                        disabled={disabled}
                        aria-describedby={describedBy()}
                        onClick={() => setConfirming(user)}
                      >
                        Desativar
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--primary button--small"
                        disabled={disabled}
                        aria-describedby={describedBy()}
                        onClick={() => reactivate.mutate({ id: user.id })}
                      >
                        Reativar
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--small"
                      disabled={disabled}
                      aria-describedby={describedBy()}
                      onClick={() => changeRole.mutate({ id: user.id, role: otherRole })}
                    >
                      {otherRole === 'ADMIN' ? 'Tornar administrador' : 'Tornar usuário'}
                    </button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    )

  return (
    <section className="card admin-grid__wide" aria-labelledby="admin-users-list-title">
      <div className="page-header">
        <h2 id="admin-users-list-title">Usuários</h2>
        <div className="toolbar">
          <button type="button" className="button" disabled={isFetching} onClick={() => void refetch()}>
            Recarregar
          </button>
        </div>
      </div>
      <OfflineNote id={noteId} offline={offline && users.length > 0} />
      {content}
      <ConfirmDialog
        open={confirming !== null}
        message={messages.confirmDeactivateUser}
        busy={deactivate.isPending}
        failure={deactivate.failure}
        onConfirm={confirmDeactivate}
        onCancel={() => {
          setConfirming(null)
          deactivate.reset()
        }}
      />
    </section>
  )
}
