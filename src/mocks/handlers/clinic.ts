// Messages and printouts, as the server's routes/clinic.ts: the clinic's settings, 'Confirmações de
// amanhã' with the WhatsApp links opened, and the receipt's data (docs/decisions.md "Messages and printouts").
import {
  clinicDayRange,
  CONFIRMATION_STATUSES,
  DEFAULT_CONFIGURACOES,
  maskCpf,
  messages,
  statusOf,
  type WhatsappAberto,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { agendamento, anyPaciente, byAgendamentoOrder, readAgendamento } from '../records'
import type { MockStore } from '../store'

function latestOpened(store: MockStore, agendamentoId: string): WhatsappAberto | null {
  const mine = store.whatsappAberturas.filter((o) => o.agendamentoId === agendamentoId)
  const last = mine[mine.length - 1]
  if (!last) return null
  const user = store.users.find((u) => u.id === last.userId)
  return { por: { id: last.userId, nome: user?.nome ?? '' }, em: last.at }
}

function hasImageSignature(dataUrl: string): boolean {
  const head = atob(dataUrl.slice(dataUrl.indexOf(',') + 1, dataUrl.indexOf(',') + 1 + 16))
  return (
    head.startsWith('\x89PNG\r\n\x1a\n') ||
    head.startsWith('\xff\xd8\xff') ||
    (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP')
  )
}

export const clinicHandlers = [
  mockRoute('configuracoesClinica', (_body, { store }) => ({
    configuracoes: { ...(store.clinica ?? DEFAULT_CONFIGURACOES) },
  })),

  mockRoute('salvarConfiguracoesClinica', (body, { store }) => {
    // the server decodes the logo (server/clinic/logo-image.ts); the mock has no decoder and checks what it can:
    // the bytes begin as a PNG, JPEG or WebP, whatever the data URL says
    if (body.logo !== null && body.logo !== store.clinica?.logo && !hasImageSignature(body.logo))
      fail(400, messages.logoUnreadable)
    // the hours have their own call: a save of the settings keeps them
    store.clinica = { ...body, horarios: (store.clinica ?? DEFAULT_CONFIGURACOES).horarios }
    return { configuracoes: { ...store.clinica } }
  }),

  mockRoute('salvarHorariosClinica', (body, { store }) => {
    store.clinica = { ...(store.clinica ?? DEFAULT_CONFIGURACOES), horarios: body.horarios }
    return { configuracoes: { ...store.clinica } }
  }),

  mockRoute('listConfirmacoes', (body, { store }) => {
    const { datainicior, datafimr } = clinicDayRange(body.dia)
    const from = Date.parse(datainicior)
    const to = Date.parse(datafimr)
    const rows = store.agendamentos
      .filter((a) => Date.parse(a.datahora) >= from && Date.parse(a.datahora) <= to)
      .filter((a) => (CONFIRMATION_STATUSES as readonly string[]).includes(statusOf(a)))
      .sort(byAgendamentoOrder)
    return {
      dia: body.dia,
      confirmacoes: rows.map((a) => {
        const p = anyPaciente(store, a.pacienteId)
        return {
          agendamento: readAgendamento(store, a),
          paciente: { id: p.id, nome: p.nome, telefone: p.telefone, aceitaMensagens: p.aceitaMensagens },
          aberto: latestOpened(store, a.id),
        }
      }),
    }
  }),

  mockRoute('registrarWhatsappAberto', (body, { store, user }) => {
    const row = agendamento(store, body.id)
    if (!anyPaciente(store, row.pacienteId).aceitaMensagens) fail(409, messages.whatsappNoConsent)
    store.whatsappAberturas.push({ agendamentoId: row.id, userId: user.id, at: new Date(store.now()).toISOString() })
    return { aberto: latestOpened(store, row.id)! }
  }),

  mockRoute('comprovanteAgendamento', (body, { store }) => {
    const row = agendamento(store, body.id)
    const p = anyPaciente(store, row.pacienteId)
    return { agendamento: readAgendamento(store, row), paciente: { nome: p.nome, cpf: maskCpf(p.cpf) } }
  }),
]
