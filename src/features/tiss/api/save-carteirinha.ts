// PUT /tiss/carteirinha: saves the patient's card on a convênio (replacing the one there was).
import { useQueryClient } from '@tanstack/react-query'
import type { DefinirCarteirinhaRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'
import { tissKeys } from './keys'

export const CARD_SAVED = 'Carteirinha salva!'
export const CARD_SAVE_FAILED = 'Erro ao salvar a carteirinha!'

export function useSaveCarteirinha() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: DefinirCarteirinhaRequest) => (await callApi('definirCarteirinha', body)).carteirinha,
    meta: { success: CARD_SAVED, failure: { failure: CARD_SAVE_FAILED } },
    onSuccess: (card) => queryClient.invalidateQueries({ queryKey: tissKeys.carteirinhas(card.pacienteId) }),
  })
}
