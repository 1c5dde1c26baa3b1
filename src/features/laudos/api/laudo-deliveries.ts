// 'Laudos entregues' (POST /laudos/entregues, issue 36 point 7): the deliveries of a range of clinic days.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { laudoKeys } from '@/lib/query-keys'

export const laudoDeliveriesQuery = (de: string, ate: string) =>
  queryOptions({
    queryKey: [...laudoKeys.all, 'entregues', de, ate] as const,
    queryFn: async ({ signal }) => (await callApi('laudosEntregues', { de, ate }, { signal })).entregas,
  })

export const useLaudoDeliveries = (de: string, ate: string, enabled: boolean) =>
  useQuery({ ...laudoDeliveriesQuery(de, ate), enabled })
