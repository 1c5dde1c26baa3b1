// POST /tiss/solicitante/register: a requesting doctor added while filling a guia.
import { useQueryClient } from '@tanstack/react-query'
import type { RegisterSolicitanteRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { useAppMutation } from '@/lib/use-app-mutation'
import { tissKeys } from './keys'

export const SOLICITANTE_SAVED = 'Médico solicitante cadastrado!'
export const SOLICITANTE_SAVE_FAILED = 'Erro ao cadastrar o médico solicitante!'

export function useRegisterSolicitante() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: RegisterSolicitanteRequest) => (await callApi('registerSolicitante', body)).solicitante,
    meta: { success: SOLICITANTE_SAVED, failure: { failure: SOLICITANTE_SAVE_FAILED } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tissKeys.solicitantes() }),
  })
}
