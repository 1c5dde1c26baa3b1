import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE, type Agendamento } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys, type AgendamentoFilters } from '@/lib/query-keys'

/** One page (20 rows, ascending by date-time) of the appointments that match every filter given. */
export async function getAppointmentsPage(
  filters: AgendamentoFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Agendamento[]> {
  const { agendamentos } = await callApi('listAgendamentos', { ...filters, page }, { signal })
  return agendamentos
}

/** Drops empty filters so that the query key and the body only carry what filters. */
export function cleanFilters(filters: AgendamentoFilters): AgendamentoFilters {
  const clean: AgendamentoFilters = {}
  const nome = filters.pacienteNome?.trim()
  if (nome) clean.pacienteNome = nome
  if (filters.medicoId) clean.medicoId = filters.medicoId
  if (filters.status) clean.status = filters.status
  if (filters.datainicior && filters.datafimr) {
    clean.datainicior = filters.datainicior
    clean.datafimr = filters.datafimr
  }
  return clean
}

export const appointmentsQueryOptions = (filters: AgendamentoFilters) => {
  const clean = cleanFilters(filters)
  return infiniteQueryOptions({
    queryKey: agendamentoKeys.list(clean),
    queryFn: ({ pageParam, signal }) => getAppointmentsPage(clean, pageParam, signal),
    initialPageParam: 1,
    // A full page may have a next one; a short (or empty) page is the last.
    getNextPageParam: (lastPage, allPages) => (lastPage.length === PAGE_SIZE ? allPages.length + 1 : undefined),
  })
}

export function useAppointments(filters: AgendamentoFilters) {
  return useInfiniteQuery(appointmentsQueryOptions(filters))
}
