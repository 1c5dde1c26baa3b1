// 'Imprimir comprovante' (docs/decisions.md, "Messages and printouts"): the clinic's header, the patient
// with the CPF partly hidden, date and time, exams and their preparo, doctor, convênio, value and whether
// paid, 'Chegar 15 minutos antes' (while the patient is still to come). A4 or an 80 mm roll; works offline
// from the read cache.
import { useState } from 'react'
import {
  datePart,
  formatDate,
  statusOf,
  timePart,
  weekdayOf,
  type Comprovante,
  type ConfiguracoesClinica,
  type ProtocoloRetirada,
} from '@contract'
import { PaperSelect, PrintHeader, PrintSheet, type Paper } from '@/components/print/print-sheet'
import { useClinicSettings } from '@/lib/clinic-settings'
import { doctorTitle, useDoctorTitles } from '@/lib/doctor-titles'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName, formatMoney } from '@/lib/format'
import { useReceipt } from '../api/get-receipt'
import { useProtocolo } from '../api/get-protocolo'

/** After the arrival the receipt carries the laudo's 'protocolo de retirada' (issue 36 point 7). */
const ARRIVED = new Set(['aguardando', 'em_atendimento', 'realizado'])
/** Only a patient still to come is told when to arrive. */
const UPCOMING = new Set(['agendado', 'confirmado'])

export default function ReceiptPrint({ id }: { id: string }) {
  const [paper, setPaper] = useState<Paper>('a4')
  const receipt = useReceipt(id)
  const clinica = useClinicSettings()
  const arrived = receipt.data !== undefined && ARRIVED.has(statusOf(receipt.data.agendamento))
  const protocolo = useProtocolo(id, arrived)
  // offline before it was ever given, the receipt prints without it
  const protocoloSettled = !arrived || protocolo.data !== undefined || protocolo.isError || protocolo.isPaused
  const ready = receipt.data !== undefined && clinica.data !== undefined && protocoloSettled
  return (
    <div className="print-actions">
      <PaperSelect value={paper} onChange={setPaper} />
      <button type="button" className="button" disabled={!ready} onClick={() => window.print()}>
        Imprimir comprovante
      </button>
      {ready && (
        <PrintSheet paper={paper} label="Comprovante de agendamento">
          <ReceiptContent receipt={receipt.data} clinica={clinica.data} protocolo={protocolo.data} />
        </PrintSheet>
      )}
    </div>
  )
}

function ReceiptContent({
  receipt,
  clinica,
  protocolo,
}: {
  receipt: Comprovante
  clinica: ConfiguracoesClinica
  protocolo: ProtocoloRetirada | undefined
}) {
  const { agendamento, paciente } = receipt
  const exames = useExamesComPreparo()(agendamento.exames)
  const titles = useDoctorTitles()
  const day = datePart(agendamento.datahora)
  return (
    <>
      <PrintHeader clinica={clinica} />
      <h1>Comprovante de agendamento</h1>
      <dl className="print-fields">
        <dt>Paciente</dt>
        <dd>{capitalizeName(paciente.nome)}</dd>
        <dt>CPF</dt>
        <dd>{paciente.cpf}</dd>
        <dt>Data e hora</dt>
        <dd>
          {weekdayOf(day)}, {formatDate(day)} às {timePart(agendamento.datahora)}
        </dd>
        <dt>Médico</dt>
        <dd>{doctorTitle({ id: agendamento.doutor.id, nome: capitalizeName(agendamento.doutor.nome) }, titles)}</dd>
        <dt>Convênio</dt>
        <dd>{agendamento.convenio.trim() || 'Particular'}</dd>
        <dt>Valor</dt>
        <dd>
          {formatMoney(agendamento.valorIncents)} — {agendamento.estapago ? 'Pago' : 'Pagamento pendente'}
        </dd>
      </dl>
      <h2>Exames</h2>
      <ul className="print-exams">
        {exames.map((exame, index) => (
          <li key={index}>
            {exame.nome}
            {exame.preparo && <> — Preparo: {exame.preparo}</>}
          </li>
        ))}
      </ul>
      {protocolo && (
        <>
          <h2>Protocolo de retirada do laudo</h2>
          <dl className="print-fields">
            <dt>Protocolo</dt>
            <dd>{protocolo.numero}</dd>
            <dt>Previsão de entrega</dt>
            <dd>{formatDate(protocolo.previsao)}</dd>
          </dl>
        </>
      )}
      {UPCOMING.has(statusOf(agendamento)) && <p className="print-notice">Chegar 15 minutos antes</p>}
    </>
  )
}
