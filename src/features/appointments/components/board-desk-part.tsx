// The front desk's part of the board's panel (issue 34; src/lib/appointment-panel-slot.ts): payment,
// 'Imprimir comprovante', 'Enviar WhatsApp' and 'Editar agendamento' — the appointment's edit dialog
// opens over the board, and 'Fechar' comes back to the panel. Its own chunk, loaded with the panel.
import { lazy, Suspense, useState } from 'react'
import { buildMessage, phoneReasons, whatsappLink, whatsappPhone, type Agendamento } from '@contract'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useExamesComPreparo } from '@/lib/exam-preparo'
import { capitalizeName } from '@/lib/format'
import { pacienteKeys } from '@/lib/query-keys'
import { AppointmentDetailDialog } from './appointment-detail-dialog'
import { GuiaPart } from './guia-part'

const PaymentPanel = lazy(() => import('./payment-panel'))
const ReceiptPrint = lazy(() => import('./receipt-print'))

export default function BoardDeskPart({ agendamento }: { agendamento: Agendamento }) {
  const [editing, setEditing] = useState(false)
  return (
    <>
      <Suspense fallback={null}>
        <PaymentPanel agendamento={agendamento} />
      </Suspense>
      <div className="entry-panel__desk-actions">
        <Suspense fallback={null}>
          <ReceiptPrint id={agendamento.id} />
        </Suspense>
        <WhatsappLink agendamento={agendamento} />
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Editar agendamento
        </button>
        <GuiaPart agendamento={agendamento} />
      </div>
      <AppointmentDetailDialog appointment={editing ? agendamento : null} onClose={() => setEditing(false)} />
    </>
  )
}

/** 'Enviar WhatsApp' with the clinic's message, or why there is none (a landline, no consent). */
function WhatsappLink({ agendamento }: { agendamento: Agendamento }) {
  const paciente = useQuery({
    queryKey: pacienteKeys.detail(agendamento.pacienteId),
    queryFn: async ({ signal }) => (await callApi('findPaciente', { id: agendamento.pacienteId }, { signal })).paciente,
  })
  const clinica = useClinicSettings()
  const toExames = useExamesComPreparo()
  if (!paciente.data || !clinica.data) return null
  const phone = whatsappPhone(paciente.data.telefone)
  const reason = !paciente.data.aceitaMensagens ? phoneReasons.noConsent : phone.ok ? null : phone.motivo
  if (reason !== null || !phone.ok) return <p className="entry-panel__reason">{reason}</p>
  const text = buildMessage(clinica.data.modeloMensagem, {
    paciente: paciente.data,
    datahora: agendamento.datahora,
    convenio: agendamento.convenio,
    exames: toExames(agendamento.exames),
    clinica: clinica.data,
  })
  return (
    <a
      className="button"
      href={whatsappLink(phone.numero, text)}
      target="_blank"
      rel="noopener"
      aria-label={`Enviar WhatsApp para ${capitalizeName(paciente.data.nome)}`}
    >
      Enviar WhatsApp
    </a>
  )
}
