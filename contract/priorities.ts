// The legal priorities of the waiting room (issue 38 point 4; docs/decisions.md "Legal priorities at
// arrival"): pessoa idosa from the birth date (Lei 10.741/2003: 60 or more; 80 or more before every other
// priority), and those declared at arrival (Lei 10.048/2000: gestante, lactante, pessoa com criança de
// colo, pessoa com deficiência, pessoa obesa). Pure: the server's SQL (migration 0027, clinica_idade)
// mirrors `ageOn`, and the board orders its waiting lists with `priorityRank`.
/** The priorities declared at arrival; pessoa idosa (60+, 80+) is computed from the birth date instead. */
export const PRIORIDADES = ['gestante', 'lactante', 'crianca_de_colo', 'deficiencia', 'obeso'] as const
export type Prioridade = (typeof PRIORIDADES)[number]
export const prioridadeLabels: Record<Prioridade, string> = {
  gestante: 'Gestante',
  lactante: 'Lactante',
  crianca_de_colo: 'Pessoa com criança de colo',
  deficiencia: 'Pessoa com deficiência',
  obeso: 'Pessoa obesa',
}

/** The ages from which a person is 'pessoa idosa', and 'pessoa idosa' before every other priority. */
export const IDOSA_AGE = 60
export const IDOSA_FIRST_AGE = 80

/** What the appointment's answer carries once the patient arrived aged 60 or more: 60 or 80 (or more). */
export type PessoaIdosa = typeof IDOSA_AGE | typeof IDOSA_FIRST_AGE

/**
 * Whole years of a person born on `birth` (an ISO date or instant: its UTC date, as the patients' form
 * writes it) on the clinic day `day` (`YYYY-MM-DD`). Born on 29 February: a year older on 1 March of a
 * common year.
 */
export function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.slice(0, 10).split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** 80 from 80 years, 60 from 60 years, else undefined (not a priority by age). */
export function pessoaIdosa(birth: string, day: string): PessoaIdosa | undefined {
  const age = ageOn(birth, day)
  return age >= IDOSA_FIRST_AGE ? IDOSA_FIRST_AGE : age >= IDOSA_AGE ? IDOSA_AGE : undefined
}

/** The choices of 'Prioridade' at arrival: none, or one declared priority. */
export const PRIORIDADE_OPTIONS: readonly { value: Prioridade | ''; label: string }[] = [
  { value: '', label: 'Nenhuma' },
  ...PRIORIDADES.map((value) => ({ value, label: prioridadeLabels[value] })),
]

/** What the ordering and the badge read of an appointment. */
export interface WithPriority {
  prioridade?: Prioridade | undefined
  pessoaIdosa?: PessoaIdosa | undefined
}

/** 0: pessoa idosa of 80 or more; 1: any other legal priority; 2: none. Lower waits less. */
export function priorityRank(a: WithPriority): 0 | 1 | 2 {
  if (a.pessoaIdosa === IDOSA_FIRST_AGE) return 0
  return a.pessoaIdosa !== undefined || a.prioridade !== undefined ? 1 : 2
}

const idosaText = (idosa: PessoaIdosa) => (idosa === IDOSA_FIRST_AGE ? 'pessoa idosa (80+)' : 'pessoa idosa (60+)')
const lower = (label: string) => label.charAt(0).toLocaleLowerCase('pt-BR') + label.slice(1)

/** The badge: 'Prioridade: gestante', 'Prioridade: pessoa idosa (80+), pessoa com deficiência'; undefined without one. */
export function priorityText(a: WithPriority): string | undefined {
  const reasons = [
    a.pessoaIdosa !== undefined && idosaText(a.pessoaIdosa),
    a.prioridade !== undefined && lower(prioridadeLabels[a.prioridade]),
  ].filter((r): r is string => r !== false)
  return reasons.length === 0 ? undefined : `Prioridade: ${reasons.join(', ')}`
}
