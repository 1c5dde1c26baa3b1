// PUT /tiss/guia: saves the guia (the first save gives our number). The senha and the operadora's number
// live on the appointment's catalogue data, so that is read again too.
import { useQueryClient } from '@tanstack/react-query'
import type { DefinirGuiaTissRequest } from '@contract'
import { callApi } from '@/lib/api-client'
import { agendamentoKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'
import { tissKeys } from './keys'

export const GUIA_SAVED = 'Guia TISS salva!'
export const GUIA_SAVE_FAILED = 'Erro ao salvar a guia TISS!'

export function useSaveGuia() {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: (body: DefinirGuiaTissRequest) => callApi('definirGuiaTiss', body),
    meta: { success: GUIA_SAVED, failure: { failure: GUIA_SAVE_FAILED } },
    onSuccess: (answer, body) => {
      queryClient.setQueryData(tissKeys.guia(body.agendamentoId), answer)
      return queryClient.invalidateQueries({ queryKey: agendamentoKeys.catalogue(body.agendamentoId) })
    },
  })
}
