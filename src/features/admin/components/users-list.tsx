import { useState } from 'react'
import { messages, type UsuarioComMedico } from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Dialog } from '@/components/dialog'
import { DataTable, type DataColumn } from '@/components/data-table'
import { useOfflineLock } from '@/components/offline'
import { useSession } from '@/lib/use-session'
import { useResetUserPassword } from '../api/reset-user-password'
import { useChangeUserRole, useDeactivateUser, useReactivateUser } from '../api/users'
import { useUsers } from '../api/user-doctor-links'
import { AdminListCard } from './admin-list-card'

const ROLE_LABELS = { ADMIN: 'Administrador', USER: 'Usuário' } as const

const USER_COLUMNS: DataColumn<UsuarioComMedico>[] = [
  { label: 'Nome', cell: (user) => user.nome },
  { label: 'E-mail', cell: (user) => user.email },
  { label: 'Perfil', cell: (user) => ROLE_LABELS[user.role] },
  { label: 'Situação', cell: (user) => (user.ativo ? 'Ativo' : 'Desativado') },
]

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
  const resetPassword = useResetUserPassword()
  const [resetting, setResetting] = useState<UsuarioComMedico | null>(null)
  const [temporary, setTemporary] = useState<{ nome: string; senha: string } | null>(null)
  const { offline, noteId, describedBy } = useOfflineLock()
  const [confirming, setConfirming] = useState<UsuarioComMedico | null>(null)
  const users = data ?? []
  const busy = deactivate.isPending || reactivate.isPending || changeRole.isPending || resetPassword.isPending

  const confirmDeactivate = () => {
    if (!confirming) return
    deactivate.mutate({ id: confirming.id }, { onSuccess: () => setConfirming(null) })
  }

  const actions = (user: UsuarioComMedico) => {
    const disabled = user.id === session?.user.id || busy || offline
    const otherRole = user.role === 'ADMIN' ? 'USER' : 'ADMIN'
    return (
      <>
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
        <button
          type="button"
          className="button button--small"
          disabled={disabled}
          aria-describedby={describedBy()}
          onClick={() => setResetting(user)}
        >
          Redefinir senha
        </button>
      </>
    )
  }

  return (
    <AdminListCard
      titleId="admin-users-list-title"
      title="Usuários"
      onReload={() => void refetch()}
      reloading={isFetching}
      noteId={noteId}
      offlineNote={offline && users.length > 0}
    >
      <DataTable
        caption="Usuários"
        columns={USER_COLUMNS}
        rows={users}
        rowKey={(user) => user.id}
        loading={isPending}
        failed={isError}
        actions={actions}
      />
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
      <ConfirmDialog
        open={resetting !== null}
        message={messages.confirmResetPassword}
        busy={resetPassword.isPending}
        failure={resetPassword.failure}
        onConfirm={() => {
          if (!resetting) return
          const nome = resetting.nome
          resetPassword.mutate(
            { id: resetting.id },
            {
              onSuccess: ({ senhaTemporaria }) => {
                setResetting(null)
                setTemporary({ nome, senha: senhaTemporaria })
              },
            },
          )
        }}
        onCancel={() => {
          setResetting(null)
          resetPassword.reset()
        }}
      />
      {/* shown once: closing forgets it (the server keeps only its hash) */}
      <Dialog
        open={temporary !== null}
        onClose={() => setTemporary(null)}
        title={temporary ? `Senha temporária de ${temporary.nome}` : ''}
        footer={
          <button type="button" className="button button--primary" onClick={() => setTemporary(null)}>
            Fechar
          </button>
        }
      >
        <p>
          <code className="users-list__temporary" aria-label="Senha temporária">
            {temporary?.senha}
          </code>
        </p>
        <p>
          Entregue esta senha ao usuário pessoalmente; ela não será mostrada de novo. Ao entrar, ele será levado a
          trocá-la antes de usar o sistema.
        </p>
      </Dialog>
    </AdminListCard>
  )
}
