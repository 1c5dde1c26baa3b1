// One query-key factory per entity. Mutations invalidate by these prefixes; the offline persister's
// allow-list (what is kept in IndexedDB) is written against them too, so keys change only here.
import type { ListAgendamentosRequest } from '@contract'

export type AgendamentoFilters = Omit<ListAgendamentosRequest, 'page'>

/** The far end of the appointments list's opening view ('from today on'): no booking reaches it. */
export const FAR_AHEAD = '9999-12-31T23:59:59.999Z'

/** The appointments list's opening filters: the clinic's `today` at 00:00 (floating time) onwards. */
export const fromTodayFilters = (today: string): AgendamentoFilters => ({
  datainicior: `${today}T00:00:00.000Z`,
  datafimr: FAR_AHEAD,
})

export const pacienteKeys = {
  all: ['pacientes'] as const,
  lists: () => [...pacienteKeys.all, 'list'] as const,
  /** The paged list, optionally searched by name (`nome`) — '' lists everyone. */
  list: (nome: string) => [...pacienteKeys.lists(), { nome }] as const,
  byDocument: (kind: 'cpf' | 'rg', value: string) => [...pacienteKeys.all, 'document', kind, value] as const,
  inativos: () => [...pacienteKeys.all, 'inativos'] as const,
  detail: (id: string) => [...pacienteKeys.all, 'detail', id] as const,
  /** Who changed what, when ('Saiba mais'). Not kept offline. */
  history: (id: string) => [...pacienteKeys.all, 'history', id] as const,
}

export const agendamentoKeys = {
  all: ['agendamentos'] as const,
  lists: () => [...agendamentoKeys.all, 'list'] as const,
  list: (filters: AgendamentoFilters) => [...agendamentoKeys.lists(), filters] as const,
  /**
   * The list's opening view: from the clinic's `today` on, nothing else filtered (docs/decisions.md
   * "Brazilian forms"). Kept offline like the unfiltered list.
   */
  fromToday: (today: string) => agendamentoKeys.list(fromTodayFilters(today)),
  /** Every appointment of one clinic day (`YYYY-MM-DD`): the home page. */
  day: (date: string) => [...agendamentoKeys.all, 'day', date] as const,
  detail: (id: string) => [...agendamentoKeys.all, 'detail', id] as const,
  history: (id: string) => [...agendamentoKeys.all, 'history', id] as const,
  /** 'Confirmações de amanhã' of one clinic day: kept offline like the day lists. */
  confirmations: (date: string) => [...agendamentoKeys.all, 'confirmacoes', date] as const,
  /** The receipt's data: a detail (kept offline with the recently opened details). */
  receipt: (id: string) => [...agendamentoKeys.detail(id), 'comprovante'] as const,
  /** What the catalogue added to one appointment: exam copies, convênio data, payments. */
  catalogue: (id: string) => [...agendamentoKeys.all, 'catalogue', id] as const,
  /** The version of one clinic day's appointments, polled by the open board. Not kept offline. */
  dayVersion: (date: string) => [...agendamentoKeys.all, 'dayVersion', date] as const,
}

export const usuarioKeys = {
  all: ['usuarios'] as const,
  /** The signed-in user with their doctor link ('Minha agenda'). */
  me: () => [...usuarioKeys.all, 'me'] as const,
  /** The administration's list of users. */
  list: () => [...usuarioKeys.all, 'list'] as const,
}

export const medicoKeys = {
  all: ['medicos'] as const,
  list: () => [...medicoKeys.all, 'list'] as const,
  detail: (id: string) => [...medicoKeys.all, 'detail', id] as const,
  /** Each doctor's 'Dr.' or 'Dra.' (issue 14): kept offline with the list. */
  tratamentos: () => [...medicoKeys.all, 'tratamentos'] as const,
  /** ADMIN's list with tratamento, CRM and specialty (issue 14). */
  detalhes: () => [...medicoKeys.all, 'detalhes'] as const,
}

/** The clinic's settings (name, address, logo, the message template): kept offline for printouts. */
export const clinicaKeys = {
  all: ['clinica'] as const,
  settings: () => [...clinicaKeys.all, 'configuracoes'] as const,
}

/** The exam catalogue, the convênios and the prices: one query (GET /catalogo), kept offline. */
export const catalogoKeys = {
  all: ['catalogo'] as const,
}

/** The agenda (docs/decisions.md "Agenda and equipment"): `dias` clinic days from `de`, machines and free times. */
export const agendaKeys = {
  all: ['agenda'] as const,
  range: (de: string, dias: number) => [...agendaKeys.all, 'range', de, dias] as const,
  equipamentos: () => [...agendaKeys.all, 'equipamentos'] as const,
  /** ADMIN's 'Equipamentos': the machines with their blocks not yet over. */
  equipamentosAdmin: () => [...agendaKeys.equipamentos(), 'admin'] as const,
  /** ADMIN's 'Equipamentos': each machine's latest DICOM queries and steps (issue 19). Not kept offline. */
  dicomEventos: () => [...agendaKeys.equipamentos(), 'dicom'] as const,
  /** ADMIN's doctors' hours. */
  medicosHorarios: () => [...agendaKeys.all, 'medicosHorarios'] as const,
  /** 'Próximos horários livres'. Not kept offline. */
  free: (body: Record<string, unknown>) => [...agendaKeys.all, 'free', body] as const,
}

/**
 * The waiting room's calls of a clinic day (issue 38): under the appointments' prefix, so that whatever
 * refreshes the day's appointments (a move, the board's poll) refreshes who was called too.
 */
export const chamadaKeys = {
  all: [...agendamentoKeys.all, 'chamadas'] as const,
  day: (date: string) => [...chamadaKeys.all, date] as const,
}

/** The laudo's worklist, opened laudos and the day board's laudo states (issue 36). */
export const laudoKeys = {
  all: ['laudos'] as const,
  worklists: () => [...laudoKeys.all, 'worklist'] as const,
  worklist: (filters: { meus: boolean; modalidade: string | null; equipamentoId: string | null }) =>
    [...laudoKeys.worklists(), filters] as const,
  detail: (id: string) => [...laudoKeys.all, 'detail', id] as const,
  day: (date: string) => [...laudoKeys.all, 'day', date] as const,
  /** Every day's laudo states: each carries the clinic's late count, which any laudo's change may move. */
  days: () => [...laudoKeys.all, 'day'] as const,
}
