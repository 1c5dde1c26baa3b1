// ADMIN's calls of the waiting room's TV panels (issue 38, contract/paineis.ts): the list with the display
// choice, a new panel or code, 'Revogar', the display choice.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { messages, type PainelExibicao } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'

export const panelKeys = { all: ['paineis'] as const }

export const panelsQuery = () =>
  queryOptions({
    queryKey: panelKeys.all,
    queryFn: ({ signal }) => callApi('paineis', undefined, { signal }),
  })

export const usePanels = () => useQuery(panelsQuery())

export function useCreatePanel() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (nome: string) => callApi('criarPainel', { nome }),
    meta: { success: messages.panelCreated, failure: { failure: messages.panelFailed } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: panelKeys.all }),
  })
}

export function useNewPanelCode() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (id: string) => callApi('codigoPainel', { id }),
    meta: { failure: { failure: messages.panelFailed } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: panelKeys.all }),
  })
}

export function useRevokePanel() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (id: string) => callApi('revogarPainel', { id }),
    meta: { success: messages.panelRevokedToast, failure: { failure: messages.panelFailed } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: panelKeys.all }),
  })
}

export function useSavePanelDisplay() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (exibicao: PainelExibicao) => callApi('salvarExibicaoPainel', { exibicao }),
    meta: { success: messages.panelDisplaySaved, failure: { failure: messages.panelFailed } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: panelKeys.all }),
  })
}
