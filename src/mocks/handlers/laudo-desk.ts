// The laudo at the front desk (issue 36 point 7) over the mock's store, as server/routes/laudo-desk.ts: the
// protocolo de retirada (given once after the arrival, numbered in sequence) and the delivered laudos.
import {
  clinicHours,
  clinicToday,
  datePart,
  laudoDueDate,
  laudoPatientName,
  messages,
  PRAZO_LAUDO_DEFAULT,
  type LaudoEntregue,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import type { MockStore } from '../store'
import { about } from './laudo-release'

const ARRIVED = new Set(['aguardando', 'em_atendimento', 'realizado'])

/** The clinic day (UTC−3) of an instant. */
const clinicDayOf = (iso: string) => clinicToday(new Date(iso))

/** The patient's name as the laudo prints it (the social name first), as the server's list answers it. */
function patientOf(store: MockStore, laudoId: string): string | undefined {
  const stored = store.laudos.find((l) => l.id === laudoId)
  const a = store.agendamentos.find((x) => x.id === stored?.agendamentoId)
  const paciente = store.pacientes.find((p) => p.id === a?.pacienteId)
  return paciente ? laudoPatientName({ nome: paciente.nome, nomesocial: paciente.nomesocial }) : undefined
}

export const laudoDeskHandlers = [
  mockRoute('protocoloRetirada', (body, { store }) => {
    const a = store.agendamentos.find((x) => x.id === body.agendamentoId) ?? fail(404, messages.appointmentNotFound)
    const protocolos = store.laudoProtocolos
    let kept = protocolos.porAgendamento[a.id]
    if (!kept) {
      if (!ARRIVED.has(a.status ?? 'agendado')) fail(409, messages.laudoProtocoloNotArrived)
      const at = new Date(store.now())
      protocolos.ultimo += 1
      kept = {
        numero: `${clinicToday(at).slice(0, 4)}-${String(protocolos.ultimo).padStart(6, '0')}`,
        emitidoEm: at.toISOString(),
      }
      protocolos.porAgendamento[a.id] = kept
    }
    const hours = clinicHours(store.clinica?.horarios)
    const prazos = (store.agendamentoCatalogo[a.id]?.exames ?? []).map(
      (e) =>
        (store.exames.find((x) => x.id === e.exameId) as { prazoLaudoDias?: number } | undefined)?.prazoLaudoDias ??
        PRAZO_LAUDO_DEFAULT,
    )
    const previsao = (prazos.length > 0 ? prazos : [PRAZO_LAUDO_DEFAULT])
      .map((prazo) => laudoDueDate(datePart(a.datahora), prazo, hours))
      .reduce((latest, date) => (date > latest ? date : latest))
    return { protocolo: { agendamentoId: a.id, numero: kept.numero, previsao, emitidoEm: kept.emitidoEm } }
  }),

  mockRoute('laudosEntregues', (body, { store }) => {
    const entregas: LaudoEntregue[] = []
    for (const laudo of store.laudos) {
      const { pacienteNome, exame, dataExame } = about(store, laudo)
      for (const v of laudo.versoes)
        for (const e of v.entregas ?? []) {
          const day = clinicDayOf(e.entregueEm)
          if (day < body.de || day > body.ate) continue
          entregas.push({
            laudoId: laudo.id,
            paciente: patientOf(store, laudo.id) ?? pacienteNome,
            exame,
            dataExame,
            versao: v.versao,
            entregueEm: e.entregueEm,
            recebedor: e.recebedor,
            nome: e.nome,
            entreguePor: e.entreguePor,
            retificadoAposEntrega: laudo.versoes.some((n) => n.versao > v.versao),
          })
        }
    }
    return {
      entregas: entregas.sort((x, y) => (x.entregueEm < y.entregueEm ? 1 : x.entregueEm > y.entregueEm ? -1 : 0)),
    }
  }),
]
