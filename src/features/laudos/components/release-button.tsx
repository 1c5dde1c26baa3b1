import { useState, type FormEvent } from 'react'
import { certificateMessages, messages, releaseMessages, type SituacaoLaudo } from '@contract'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { useReleaseLaudo, useReleaseSettings } from '../api/release-laudo'

export interface ReleaseLaudoButtonProps {
  laudoId: string
  onReleased?: (laudo: SituacaoLaudo) => void
  /** While the typed text is not saved yet: the release signs the server's draft. */
  disabled?: boolean
}

/** The server's sentences about the password go under the field; any other refusal above the form. */
const PASSWORD_ERRORS: readonly string[] = [certificateMessages.password, releaseMessages.passwordRequired]

/**
 * 'Assinar e liberar' (issue 36 point 5): a native <dialog> asks 'Senha do certificado' (and 'Lembrar por 8
 * horas', kept in the server's memory for this session); the server builds the PDF, signs it and keeps it.
 * A clinic that signs by hand ('Liberar para assinatura manual') is asked no password.
 */
export function ReleaseLaudoButton({ laudoId, onReleased, disabled = false }: ReleaseLaudoButtonProps) {
  const [open, setOpen] = useState(false)
  const manual = useReleaseSettings().data?.assinaturaManual === true
  return (
    <>
      <button type="button" className="button button--primary" disabled={disabled} onClick={() => setOpen(true)}>
        {manual ? 'Liberar para assinatura manual' : 'Assinar e liberar'}
      </button>
      {open && (
        <ReleaseDialog
          laudoId={laudoId}
          onClose={() => setOpen(false)}
          onReleased={(laudo) => {
            setOpen(false)
            onReleased?.(laudo)
          }}
        />
      )}
    </>
  )
}

function ReleaseDialog({
  laudoId,
  onClose,
  onReleased,
}: {
  laudoId: string
  onClose: () => void
  onReleased: (laudo: SituacaoLaudo) => void
}) {
  const settings = useReleaseSettings()
  const release = useReleaseLaudo()
  const manual = settings.data?.assinaturaManual === true
  const [senha, setSenha] = useState('')
  const [lembrar, setLembrar] = useState(false)
  const busy = release.isPending

  const serverText = release.failure?.kind === 'invalid' ? release.failure.toast : undefined
  const passwordError = serverText && PASSWORD_ERRORS.includes(serverText) ? serverText : undefined
  const alert = release.failure && !passwordError ? release.failure : null

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    release.mutate(
      manual ? { laudoId, lembrarSenha: false } : { laudoId, senha: senha || undefined, lembrarSenha: lembrar },
      { onSuccess: onReleased },
    )
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose()
      }}
      title={manual ? 'Liberar para assinatura manual' : 'Assinar e liberar'}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" form="release-form" className="button button--primary" disabled={busy}>
            {busy ? 'Assinando…' : manual ? 'Liberar' : 'Assinar e liberar'}
          </button>
        </>
      }
    >
      <form id="release-form" onSubmit={onSubmit} noValidate>
        <FormAlert failure={alert} />
        {manual ? (
          <p>
            A clínica libera laudos para assinatura manual: o PDF sai com a linha de assinatura. Depois de liberado, o
            laudo não muda mais; correções são feitas por retificação.
          </p>
        ) : (
          <>
            <p>
              O laudo será assinado com seu certificado digital (ICP-Brasil). Depois de liberado, ele não muda mais;
              correções são feitas por retificação.
            </p>
            <TextField
              label="Senha do certificado"
              type="password"
              autoComplete="off"
              value={senha}
              onChange={(event) => setSenha(event.target.value)}
              error={passwordError}
              hint="Em branco se você pediu para lembrar a senha nesta sessão."
            />
            <label className="field field--checkbox">
              <input type="checkbox" checked={lembrar} onChange={(event) => setLembrar(event.target.checked)} /> Lembrar
              por 8 horas
            </label>
          </>
        )}
        {settings.isError && <p>{messages.fetchFailed}</p>}
      </form>
    </Dialog>
  )
}

export default ReleaseLaudoButton
