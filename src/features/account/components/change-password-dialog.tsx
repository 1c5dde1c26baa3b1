import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ChangePasswordRequest, messages } from '@contract'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useChangePassword } from '../api/change-password'

/** The contract's request plus the new password typed again (compared here, never sent). */
const ChangePasswordForm = ChangePasswordRequest.extend({ confirmacao: z.string() }).refine(
  (v) => v.confirmacao === v.novaSenha,
  {
    path: ['confirmacao'],
    message: messages.passwordsDontMatch,
  },
)
type ChangePasswordValues = z.input<typeof ChangePasswordForm>

const FORM_FIELDS = ['senhaAtual', 'novaSenha'] as const
const formFieldOf = (field: string) => FORM_FIELDS.find((name) => name === field)

export interface ChangePasswordDialogProps {
  open: boolean
  onClose: () => void
  /** Said above the form: why it was opened without being asked (a weak password at sign-in). */
  prompt?: string
  /** A temporary password (issue 34): 'Troque sua senha temporária', and no way out but changing it or 'Sair'. */
  forced?: boolean
  /** With `forced`: 'Sair' inside the dialog, the one other way out. */
  onSignOut?: () => void
}

/**
 * 'Alterar senha': the current password, the new one twice. The server judges the new one (length, one
 * repeated character, common or guessable) and says why it refuses it, under the field. The other devices
 * signed in as this user are signed out; this one stays.
 */
export default function ChangePasswordDialog({
  open,
  onClose,
  prompt,
  forced = false,
  onSignOut,
}: ChangePasswordDialogProps) {
  const change = useChangePassword()
  const { offline, noteId, describedBy } = useOfflineLock()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ChangePasswordForm),
    defaultValues: { senhaAtual: '', novaSenha: '', confirmacao: '' },
  })
  useFailedFields(change.failure, setError, formFieldOf)

  const onSubmit = handleSubmit(({ senhaAtual, novaSenha }) =>
    change.mutate({ senhaAtual, novaSenha }, { onSuccess: onClose }),
  )
  const busy = change.isPending

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy && !forced) onClose()
      }}
      title={forced ? 'Troque sua senha temporária' : 'Alterar senha'}
      footer={
        <>
          {forced ? (
            <button type="button" className="button" onClick={onSignOut} disabled={busy}>
              Sair
            </button>
          ) : (
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              Cancelar
            </button>
          )}
          <button
            type="submit"
            form="alterar-senha"
            className="button button--primary"
            disabled={busy || offline}
            aria-busy={busy || undefined}
            aria-describedby={describedBy()}
          >
            Alterar senha
          </button>
          <OfflineNote id={noteId} offline={offline} />
        </>
      }
    >
      {prompt && (
        <p className="alert" role="status">
          {prompt}
        </p>
      )}
      <FormAlert failure={change.failure} />
      <form id="alterar-senha" onSubmit={onSubmit} noValidate>
        <TextField
          label={forced ? 'Senha temporária' : 'Senha atual'}
          type="password"
          autoComplete="current-password"
          error={errors.senhaAtual?.message}
          {...register('senhaAtual')}
        />
        <TextField
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Mínimo de 8 caracteres; evite senhas comuns, datas e sequências."
          error={errors.novaSenha?.message}
          {...register('novaSenha')}
        />
        <TextField
          label="Confirme a nova senha"
          type="password"
          autoComplete="new-password"
          error={errors.confirmacao?.message}
          {...register('confirmacao')}
        />
      </form>
    </Dialog>
  )
}
