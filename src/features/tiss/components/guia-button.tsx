// The appointment's 'Guia TISS' (src/lib/tiss-slot.ts), in the board's panel and the appointment's dialog:
// opens the guia. When an exam of the appointment needs the convênio's authorisation and no senha was given,
// it says so first — 'Realizado' is refused without it (server and mock) — and the button leads to the field.
import { useState } from 'react'
import { messages, PARTICULAR_ID, type Agendamento, type AgendamentoDetalhes } from '@contract'
import { useConveniosTiss } from '../api/convenios-tiss'
import { GuiaDialog } from './guia-dialog'
import './tiss.css'

export default function GuiaButton({
  agendamento,
  detalhes,
}: {
  agendamento: Agendamento
  detalhes: AgendamentoDetalhes
}) {
  const [open, setOpen] = useState(false)
  const convenios = useConveniosTiss()
  if (!detalhes.convenioId || detalhes.convenioId === PARTICULAR_ID) return null
  const exigidos = convenios.data?.find((c) => c.convenioId === detalhes.convenioId)?.examesComAutorizacao ?? []
  const semSenha =
    detalhes.senhaAutorizacao.trim() === '' && detalhes.exames.some((exame) => exigidos.includes(exame.exameId))
  return (
    <div className="tiss-guia-button">
      {semSenha && <p className="tiss-warning">{messages.tissSenhaObrigatoria}</p>}
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Guia TISS
      </button>
      {open && <GuiaDialog agendamento={agendamento} detalhes={detalhes} onClose={() => setOpen(false)} />}
    </div>
  )
}
