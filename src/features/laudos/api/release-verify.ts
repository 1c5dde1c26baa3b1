// POST /laudos/verificar ('Verificar laudo', issue 36 point 8): public, no session. A read keyed by the
// code typed, so its answer is the page and no toast speaks for it.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'

export const verifyLaudoQuery = (codigo: string) =>
  queryOptions({
    queryKey: ['laudo-verificado', codigo] as const,
    queryFn: async ({ signal }) => (await callApi('verificarLaudo', { codigo }, { signal })).laudo,
    enabled: codigo !== '',
    retry: false,
    staleTime: 0,
  })

export const useVerifyLaudo = (codigo: string) => useQuery(verifyLaudoQuery(codigo))
