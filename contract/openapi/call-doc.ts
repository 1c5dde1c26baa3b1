// The shape of what the reference says about one call, and its groups: the per-call texts (calls.ts,
// agenda.ts, catalogue.ts) and the document's builder (document.ts) all read it, in a module of its own
// so that the texts need not import calls.ts, which gathers them.
/** Groups of the reference, in the order the reference shows them. */
export const API_TAGS = [
  { name: 'Sessão e usuários', description: 'Entrar, sair e cadastrar usuários da recepção.' },
  {
    name: 'Pacientes',
    description: 'Cadastro, buscas, exclusão (inativação), reativação, histórico e exportação (LGPD).',
  },
  { name: 'Agendamentos', description: 'Agenda: listas, cadastro, alteração, exclusão e histórico.' },
  { name: 'Médicos', description: 'Os médicos (doutores) da clínica.' },
  { name: 'Relatórios', description: 'Fechamento do dia e relatórios de períodos de até um ano.' },
  {
    name: 'Clínica e mensagens',
    description: 'Configurações da clínica, confirmações por WhatsApp e comprovantes impressos.',
  },
  {
    name: 'Catálogo e pagamentos',
    description: 'Exames, convênios e preços (mantidos pelo ADMIN) e os pagamentos registrados na recepção.',
  },
  { name: 'Sistema', description: 'Disponibilidade do servidor e esta documentação.' },
] as const

export type ApiTag = (typeof API_TAGS)[number]['name']

/** Statuses a call may add on top of the ones its kind gets. */
export type CallErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503

export interface CallDoc {
  tag: ApiTag
  summary: string
  description: string
  /** What the successful answer carries. */
  answer: string
  /** The `error` sentences only this call answers, by status. */
  errors?: Partial<Record<CallErrorStatus, readonly string[]>>
}
