// 'Versões do laudo' (issue 36 points 6–7): every version with its release date and doctor, 'Retificado em
// … — motivo' on a replaced one, 'Baixar PDF' and 'Imprimir laudo' (the stored bytes, as signed) per released
// version, and 'Retificar', which asks the reason and opens the next version's draft in the editor.
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { toast } from 'react-toastify'
import { messages, RetificarLaudoRequest, type VersaoLaudo } from '@contract'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { TextAreaField } from '@/components/form-fields'
import { laudoKeys } from '@/lib/query-keys'
import { fetchLaudoPdf, useLaudoVersions, useRetifyLaudo } from '../api/release-versions'
import { instantText } from '../lib/release-dates'
import './release.css'

/** The stored PDF saved as a file ('Baixar PDF') or printed from a hidden frame ('Imprimir laudo'). */
async function openPdf(laudoId: string, versao: number, how: 'download' | 'print'): Promise<void> {
  const blob = await fetchLaudoPdf(laudoId, versao)
  const url = URL.createObjectURL(blob)
  if (how === 'download') {
    const link = document.createElement('a')
    link.href = url
    link.download = `laudo-v${versao}.pdf`
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
    return
  }
  const frame = document.createElement('iframe')
  frame.className = 'laudo-versions__print-frame'
  frame.title = `Laudo versão ${versao} para impressão`
  frame.src = url
  frame.addEventListener('load', () => {
    frame.contentWindow?.focus()
    frame.contentWindow?.print()
    // the frame stays while the print dialog reads it; the next print replaces it
    setTimeout(() => {
      frame.remove()
      URL.revokeObjectURL(url)
    }, 60_000)
  })
  document.body.append(frame)
}

function PdfButtons({ laudoId, versao }: { laudoId: string; versao: number }) {
  const [busy, setBusy] = useState(false)
  const run = (how: 'download' | 'print') => {
    setBusy(true)
    openPdf(laudoId, versao, how)
      .catch((error: Error) => toast.error(error.message || messages.laudoReleasePdfFailed))
      .finally(() => setBusy(false))
  }
  return (
    <span className="laudo-versions__actions">
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        aria-label={`Baixar PDF da versão ${versao}`}
        onClick={() => run('download')}
      >
        Baixar PDF
      </button>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        aria-label={`Imprimir laudo da versão ${versao}`}
        onClick={() => run('print')}
      >
        Imprimir laudo
      </button>
    </span>
  )
}

function VersionItem({ laudoId, v, medico }: { laudoId: string; v: VersaoLaudo; medico: string }) {
  return (
    <li className="laudo-versions__item" aria-label={`Versão ${v.versao}`}>
      <p>
        <strong>Versão {v.versao}</strong> ·{' '}
        {v.liberadoEm ? `liberada em ${instantText(v.liberadoEm)}` : 'rascunho em edição'} · {medico}
      </p>
      {v.motivoRetificacao && <p>Retificação de versão anterior: {v.motivoRetificacao}</p>}
      {v.retificacao && (
        <p className="release-versions__flag">
          Retificado em {instantText(v.retificacao.em)} — {v.retificacao.motivo}
        </p>
      )}
      {v.retificadoAposEntrega && <p className="release-versions__flag">Retificado após a entrega</p>}
      {v.liberadoEm && <PdfButtons laudoId={laudoId} versao={v.versao} />}
    </li>
  )
}

function RetifyDialog({ laudoId, onClose }: { laudoId: string; onClose: () => void }) {
  const queryClient = useQueryClient()
  const retify = useRetifyLaudo()
  const [motivo, setMotivo] = useState('')
  const [error, setError] = useState<string>()
  const busy = retify.isPending
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = RetificarLaudoRequest.safeParse({ laudoId, motivo })
    if (!parsed.success) return setError(parsed.error.issues[0]!.message)
    setError(undefined)
    retify.mutate(parsed.data, {
      onSuccess: () => {
        onClose()
        // the editor reopens on the new version's draft
        void queryClient.invalidateQueries({ queryKey: laudoKeys.detail(laudoId) })
      },
    })
  }
  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose()
      }}
      title="Retificar laudo"
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" form="retify-form" className="button button--primary" disabled={busy}>
            {busy ? 'Retificando…' : 'Retificar'}
          </button>
        </>
      }
    >
      <form id="retify-form" onSubmit={onSubmit} noValidate>
        <FormAlert failure={retify.failure} />
        <p>
          A versão liberada continua guardada e disponível, marcada como retificada. Uma nova versão é aberta com o
          mesmo texto para a correção, e precisa ser liberada de novo.
        </p>
        <TextAreaField
          label="Motivo da retificação"
          value={motivo}
          rows={3}
          maxLength={500}
          error={error}
          onChange={(event) => setMotivo(event.target.value)}
        />
      </form>
    </Dialog>
  )
}

/** The laudo's versions, newest first; 'Retificar' while the newest one is released. */
export function LaudoVersions({ laudoId, medico }: { laudoId: string; medico: string }) {
  const versions = useLaudoVersions(laudoId)
  const [retifying, setRetifying] = useState(false)
  if (versions.isPending) return <p>Carregando versões…</p>
  if (versions.isError) return <p role="alert">{versions.error.message}</p>
  const newest = versions.data.versoes[0]
  return (
    <section className="laudo-versions" aria-labelledby="laudo-versions-title">
      <div className="laudo-versions__head">
        <h2 id="laudo-versions-title">Versões do laudo</h2>
        {newest?.liberadoEm && (
          <button type="button" className="button" onClick={() => setRetifying(true)}>
            Retificar
          </button>
        )}
      </div>
      <ul className="release-versions">
        {versions.data.versoes.map((v) => (
          <VersionItem key={v.versao} laudoId={laudoId} v={v} medico={medico} />
        ))}
      </ul>
      {retifying && <RetifyDialog laudoId={laudoId} onClose={() => setRetifying(false)} />}
    </section>
  )
}
