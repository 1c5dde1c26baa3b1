import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'

/** The receipt's data: the appointment and the patient's name with the CPF partly hidden (LGPD). */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: agendamentoKeys.receipt(id),
    queryFn: ({ signal }) => callApi('comprovanteAgendamento', { id }, { signal }),
  })

export function useReceipt(id: string) {
  return useQuery(receiptQueryOptions(id))
}
