import { messages, type Status } from '@contract'
import type { AgendamentoFilters } from '@/lib/query-keys'

/** What the filter inputs hold. */
export interface FilterInputs {
  /** The patient-name search, already debounced. */
  pacienteNome: string
  /** '' = 'Nenhum doutor'. */
  medicoId: string
  /** `YYYY-MM-DD` or ''. */
  dataInicio: string
  dataFim: string
  /** '' or absent = every status. */
  status?: Status | ''
}

export const emptyFilterInputs: FilterInputs = { pacienteNome: '', medicoId: '', dataInicio: '', dataFim: '' }

/**
 * The filters listAll receives, combined, and the message of a date range that cannot apply yet.
 * One date alone → 'Preencha a data inicio e fim' and no date filter; both → the whole days from the
 * start's 00:00 to the end's 23:59:59.999 (floating time, docs/product.md §12).
 */
export function toListFilters(inputs: FilterInputs): { filters: AgendamentoFilters; dateError?: string } {
  const filters: AgendamentoFilters = {}
  const nome = inputs.pacienteNome.trim()
  if (nome) filters.pacienteNome = nome
  if (inputs.medicoId) filters.medicoId = inputs.medicoId
  if (inputs.status) filters.status = inputs.status

  const { dataInicio, dataFim } = inputs
  if (!dataInicio && !dataFim) return { filters }
  if (!dataInicio || !dataFim) return { filters, dateError: messages.dateRangeNeedsBoth }
  if (dataInicio > dataFim) return { filters, dateError: messages.dateRangeOrder }
  return { filters: { ...filters, datainicior: `${dataInicio}T00:00:00.000Z`, datafimr: `${dataFim}T23:59:59.999Z` } }
}

export const hasFilters = (filters: AgendamentoFilters) => Object.keys(filters).length > 0
