// 'Faturamento' (issue 37 points 4–5; contract/tiss-billing.ts): the month's appointments to bill, the convênio's
// batches, and the writes of a batch's life. Every write answers the batch, which replaces the list's copy.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type LoteTiss } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'

export const faturamentoKeys = {
  all: ['faturamento'] as const,
  pendentes: (convenioId: string, competencia: string) =>
    [...faturamentoKeys.all, 'pendentes', convenioId, competencia] as const,
  lotes: (convenioId: string) => [...faturamentoKeys.all, 'lotes', convenioId] as const,
}

export const pendentesQuery = (convenioId: string, competencia: string) =>
  queryOptions({
    queryKey: faturamentoKeys.pendentes(convenioId, competencia),
    queryFn: async ({ signal }) =>
      (await callApi('faturamentoPendentes', { convenioId, competencia }, { signal })).atendimentos,
    enabled: convenioId !== '' && competencia !== '',
  })
export const usePendentes = (convenioId: string, competencia: string) =>
  useQuery(pendentesQuery(convenioId, competencia))

export const lotesQuery = (convenioId: string) =>
  queryOptions({
    queryKey: faturamentoKeys.lotes(convenioId),
    queryFn: async ({ signal }) => (await callApi('lotesTiss', { convenioId }, { signal })).lotes,
    enabled: convenioId !== '',
  })
export const useLotes = (convenioId: string) => useQuery(lotesQuery(convenioId))

/** 'Gerar lote': the month's list and the batches are read again. */
export function useGerarLote() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: { convenioId: string; competencia: string }) =>
      (await callApi('gerarLoteTiss', body)).lote,
    meta: { success: messages.tissLoteGenerated, failure: { fallback: messages.fetchFailed } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faturamentoKeys.all }),
  })
}

function useLoteWrite<B>(write: (body: B) => Promise<LoteTiss>, success: string) {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: write,
    meta: { success, failure: { fallback: messages.fetchFailed } },
    onSuccess: (lote) =>
      queryClient.setQueryData<LoteTiss[]>(faturamentoKeys.lotes(lote.convenioId), (list) =>
        list?.map((l) => (l.id === lote.id ? lote : l)),
      ),
  })
}

export const useEnviarLote = () =>
  useLoteWrite(
    async (body: { id: string; data: string; protocolo: string }) => (await callApi('enviarLoteTiss', body)).lote,
    'Lote marcado como enviado!',
  )

export const useRetornoGuia = () =>
  useLoteWrite(
    async (body: {
      id: string
      situacao: 'pago' | 'glosado'
      valorIncents: number
      glosaCodigo?: string
      glosaMotivo?: string
    }) => (await callApi('retornoGuiaTiss', body)).lote,
    'Retorno da guia salvo!',
  )

export const useRecursoGuia = () =>
  useLoteWrite(
    async (body: { id: string; data: string; texto: string }) => (await callApi('recursoGuiaTiss', body)).lote,
    'Recurso salvo!',
  )

/** 'Baixar XML': the stored bytes as a file (ISO-8859-1 inside, as the operadora receives it). */
export async function baixarXml(id: string): Promise<void> {
  const { arquivo, base64 } = await callApi('xmlLoteTiss', { id })
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/xml' }))
  const link = document.createElement('a')
  link.href = url
  link.download = arquivo
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
