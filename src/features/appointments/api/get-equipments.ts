import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Equipamento } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendaKeys } from '@/lib/query-keys'

export async function getEquipments(signal?: AbortSignal): Promise<Equipamento[]> {
  const { equipamentos } = await callApi('listEquipamentos', undefined, { signal })
  return equipamentos
}

export const equipmentsQueryOptions = () =>
  queryOptions({
    queryKey: agendaKeys.equipamentos(),
    queryFn: ({ signal }) => getEquipments(signal),
    staleTime: 10 * 60_000,
  })

export function useEquipments() {
  return useQuery(equipmentsQueryOptions())
}
