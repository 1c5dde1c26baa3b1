import { useId, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router-dom'
import { formatDate, VerificarLaudoRequest } from '@contract'
import { TextField } from '@/components/form-fields'
import { ApiError } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useVerifyLaudo } from '../api/release-verify'
import { instantText } from '../lib/release-dates'
import './release.css'

/**
 * 'Verificar laudo' (issue 36 point 8): anyone holding a printed laudo types its code and learns whether it
 * matches a released laudo — the patient's initials, the exam, its date, the doctor, the version and
 * whether it was retified; nothing else. `?codigo=` fills it in (a link or QR code on the paper).
 */
export default function VerifyLaudoPage() {
  useDocumentTitle('Verificar laudo')
  const [params, setParams] = useSearchParams()
  const asked = params.get('codigo') ?? ''
  const [typed, setTyped] = useState(asked)
  const [error, setError] = useState<string | undefined>()
  const parsed = VerificarLaudoRequest.safeParse({ codigo: asked })
  const verification = useVerifyLaudo(parsed.success ? parsed.data.codigo : '')
  const resultId = useId()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const check = VerificarLaudoRequest.safeParse({ codigo: typed })
    if (!check.success) {
      setError(check.error.issues[0]?.message)
      return
    }
    setError(undefined)
    setParams({ codigo: check.data.codigo })
  }

  const laudo = verification.data
  const failure = verification.error
  return (
    <main className="app-main">
      <section className="verify-page" aria-labelledby="verificar-titulo">
        <h1 id="verificar-titulo">Verificar laudo</h1>
        <p>Digite o código de verificação impresso no rodapé do laudo.</p>
        <form className="verify-page__form" onSubmit={onSubmit} noValidate>
          <TextField
            label="Código de verificação"
            value={typed}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
          <button type="submit" className="button button--primary">
            Verificar
          </button>
        </form>
        <div id={resultId} aria-live="polite">
          {verification.isFetching && <p>Verificando…</p>}
          {failure && (
            <p role="alert">{failure instanceof ApiError ? failure.message : 'Erro ao verificar o laudo!'}</p>
          )}
          {laudo && (
            <>
              <h2>Laudo autêntico</h2>
              <p>Este código corresponde a um laudo liberado pela clínica.</p>
              {laudo.retificado && (
                <p className="release-versions__flag">Retificado: existe uma versão mais nova deste laudo.</p>
              )}
              <dl className="verify-page__data" aria-label="Laudo verificado">
                <dt>Paciente</dt>
                <dd>{laudo.iniciais}</dd>
                <dt>Exame</dt>
                <dd>{laudo.exame}</dd>
                <dt>Data do exame</dt>
                <dd>{formatDate(laudo.dataExame)}</dd>
                <dt>Médico</dt>
                <dd>{laudo.medico}</dd>
                <dt>Versão</dt>
                <dd>{laudo.versao}</dd>
                <dt>Liberado em</dt>
                <dd>{instantText(laudo.liberadoEm)}</dd>
              </dl>
            </>
          )}
        </div>
      </section>
    </main>
  )
}
