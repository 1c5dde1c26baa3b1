import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'

/** Each machine's latest DICOM worklist queries and procedure steps (ADMIN; issue 19, docs/dicom.md). */
export const dicomEventsQueryOptions = () =>
  queryOptions({
    queryKey: agendaKeys.dicomEventos(),
    queryFn: async ({ signal }) => (await callApi('dicomEventos', undefined, { signal })).eventos,
  })

export function useDicomEvents() {
  return useQuery(dicomEventsQueryOptions())
}
