// A released laudo at the front desk (issue 36 point 7), shown in the board's panel through
// src/lib/laudo-panel-slot.ts: 'Imprimir laudo' and 'Baixar PDF' (the newest released version, byte for byte),
// 'Entregar laudo', who took it and when, and 'Retificado após a entrega' so the clinic calls the patient.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { formatClinicStamp, formatDate, messages, type EntregaLaudo, type SituacaoLaudo } from '@contract'
import type { LaudoPanelPartProps } from '@/lib/laudo-panel-slot'
import { laudoKeys } from '@/lib/query-keys'
import { fetchLaudoPdf, useLaudoVersions } from '../api/release-versions'
import { DeliverLaudoDialog } from './deliver-laudo-dialog'
import './laudo-desk.css'

/** 'Entregue em 27/11 às 14:03 ao paciente, por Ana' / '… a Maria Souza (terceiro), …'. */
export function deliveryText(entrega: EntregaLaudo, versao: number): string {
  const who = entrega.recebedor === 'paciente' ? 'ao paciente' : `a ${entrega.nome} (terceiro)`
  const by = entrega.entreguePor ? `, por ${entrega.entreguePor}` : ''
  return `Versão ${versao} entregue em ${formatClinicStamp(new Date(entrega.entregueEm))} ${who}${by}`
}

/** The newest released version (versions come newest first). */
const newestReleased = (laudo: SituacaoLaudo) => laudo.versoes.find((v) => v.liberadoEm !== null)

export default function LaudoDeskPart({ laudoId, exame, paciente, canDeliver }: LaudoPanelPartProps) {
  const versions = useLaudoVersions(laudoId)
  const queryClient = useQueryClient()
  const [delivering, setDelivering] = useState(false)
  const [pdfError, setPdfError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!versions.data)
    return (
      <p role="status" className="field__hint">
        {versions.isError ? messages.fetchFailed : 'Carregando…'}
      </p>
    )
  const released = newestReleased(versions.data)
  if (!released) return null
  const deliveries = versions.data.versoes.flatMap((v) => v.entregas.map((e) => ({ entrega: e, versao: v.versao })))
  const retified = versions.data.versoes.some((v) => v.retificadoAposEntrega)
  const fileName = `laudo-${exame
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')}-v${released.versao}.pdf`

  /** The stored PDF as a blob URL, given to `open` and revoked a minute later (printing reads it meanwhile). */
  const withPdf = async (open: (url: string) => void) => {
    setPdfError(null)
    setBusy(true)
    try {
      const url = URL.createObjectURL(await fetchLaudoPdf(laudoId, released.versao))
      open(url)
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : messages.laudoReleasePdfFailed)
    } finally {
      setBusy(false)
    }
  }
  const download = () =>
    withPdf((url) => {
      const link = document.createElement('a')
      link.href = url
      link.download = fileName
      document.body.append(link)
      link.click()
      link.remove()
    })
  // the browser's own PDF viewer prints it as stored (the letterhead, the signature's page)
  const print = () => withPdf((url) => window.open(url, '_blank', 'noopener'))

  return (
    <div className="laudo-desk">
      <p className="field__hint">
        Versão {released.versao}, liberada em {formatDate(released.liberadoEm!.slice(0, 10))}
      </p>
      {retified && (
        <p className="laudo-desk__retified" role="note">
          Retificado após a entrega: avise o paciente e entregue a nova versão.
        </p>
      )}
      {deliveries.length > 0 && (
        <ul className="laudo-desk__deliveries" aria-label={`Entregas do laudo de ${exame}`}>
          {deliveries.map(({ entrega, versao }) => (
            <li key={`${versao}-${entrega.entregueEm}`}>{deliveryText(entrega, versao)}</li>
          ))}
        </ul>
      )}
      <div className="laudo-desk__actions" role="group" aria-label={`Laudo de ${exame}`}>
        <button type="button" className="button" disabled={busy} onClick={() => void print()}>
          Imprimir laudo
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          Baixar PDF
        </button>
        {canDeliver && (
          <button type="button" className="button button--primary" onClick={() => setDelivering(true)}>
            Entregar laudo
          </button>
        )}
      </div>
      {pdfError && (
        <p className="alert" role="alert">
          {pdfError}
        </p>
      )}
      <DeliverLaudoDialog
        open={delivering}
        laudoId={laudoId}
        title={`Entregar laudo de ${exame} — ${paciente}`}
        onClose={() => setDelivering(false)}
        onDelivered={() => {
          setDelivering(false)
          // the board's state becomes 'Entregue'
          void queryClient.invalidateQueries({ queryKey: laudoKeys.all })
        }}
      />
    </div>
  )
}
