// DELETE /tiss/carteirinha: removes one card of the patient.
import { useQueryClient } from '@tanstack/react-query'
import type { Carteirinha } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'
import { tissKeys } from './keys'

export const CARD_REMOVED = 'Carteirinha removida!'
export const CARD_REMOVE_FAILED = 'Erro ao remover a carteirinha!'

export function useRemoveCarteirinha() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (card: Carteirinha) => (await callApi('removerCarteirinha', { id: card.id })).ok,
    meta: { success: CARD_REMOVED, failure: { failure: CARD_REMOVE_FAILED } },
    onSuccess: (_ok, card) => queryClient.invalidateQueries({ queryKey: tissKeys.carteirinhas(card.pacienteId) }),
  })
}
