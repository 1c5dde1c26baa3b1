// The laudo's versions (POST /laudos/versoes), and what is done with them: 'Baixar PDF' and 'Imprimir laudo'
// (POST /laudos/pdf, the stored bytes), 'Retificar' and 'Entregar laudo' (issue 36 points 6–7).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type EntregarLaudoRequest, type RetificarLaudoRequest, type SituacaoLaudo } from '@contract'
import { API_BASE, ApiError, callApi } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { useAppMutation } from '@/lib/use-app-mutation'

export const laudoVersionsKey = (laudoId: string) => ['laudos', laudoId, 'versoes'] as const

export const laudoVersionsQuery = (laudoId: string) =>
  queryOptions({
    queryKey: laudoVersionsKey(laudoId),
    queryFn: async ({ signal }) => (await callApi('versoesLaudo', { laudoId }, { signal })).laudo,
  })

export const useLaudoVersions = (laudoId: string) => useQuery(laudoVersionsQuery(laudoId))

/**
 * The released version's PDF as stored (byte for byte). Not through callApi: the answer is a PDF, not JSON.
 */
export async function fetchLaudoPdf(laudoId: string, versao: number): Promise<Blob> {
  const token = getSession()?.token
  let response: Response
  try {
    response = await fetch(`${API_BASE}/laudos/pdf`, {
      method: 'POST',
      headers: {
        Accept: 'application/pdf',
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ laudoId, versao }),
    })
  } catch {
    throw new ApiError(0, messages.fetchFailed)
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as { error?: string } | undefined
    throw new ApiError(response.status, body?.error ?? messages.laudoReleasePdfFailed)
  }
  return new Blob([await response.arrayBuffer()], { type: 'application/pdf' })
}

function useSetVersions() {
  const queryClient = useQueryClient()
  return (laudo: SituacaoLaudo) => queryClient.setQueryData(laudoVersionsKey(laudo.laudoId), laudo)
}

export function useRetifyLaudo() {
  const set = useSetVersions()
  return useAppMutation({
    mutationFn: async (body: RetificarLaudoRequest) => (await callApi('retificarLaudo', body)).laudo,
    meta: { success: messages.laudoReleaseRetified, failure: { failure: messages.laudoReleaseRetifyFailed } },
    onSuccess: set,
  })
}

export function useDeliverLaudo() {
  const set = useSetVersions()
  return useAppMutation({
    mutationFn: async (body: EntregarLaudoRequest) => (await callApi('entregarLaudo', body)).laudo,
    meta: { success: messages.laudoReleaseDelivered, failure: { failure: messages.laudoReleaseDeliverFailed } },
    onSuccess: set,
  })
}
