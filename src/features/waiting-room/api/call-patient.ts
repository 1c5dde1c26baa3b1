import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChamarPacienteRequest } from '@contract'
import { messages } from '@contract/messages'
import { callApi } from '@/lib/api-client'
import { notifySuccess } from '@/lib/notify'
import { chamadaKeys } from '@/lib/query-keys'
import { useAppMutation } from '@/lib/use-app-mutation'

/** The calls of one clinic day, newest first: who was called already, to which room, when. */
export function getDayCallsQueryOptions(date: string) {
  return queryOptions({
    queryKey: chamadaKeys.day(date),
    queryFn: async ({ signal }) => (await callApi('chamadasDia', { dia: date }, { signal })).chamadas,
  })
}

export function useDayCalls(date: string) {
  return useQuery(getDayCallsQueryOptions(date))
}

/** 'Chamar': calls the waiting patient to a room; the day's calls then read it. */
export function useCallPatient(date: string) {
  const queryClient = useQueryClient()
  return useAppMutation({
    mutationFn: async (body: ChamarPacienteRequest) => (await callApi('chamarPaciente', body)).chamada,
    meta: { failure: { failure: messages.callFailed } },
    onSuccess: (chamada) => {
      notifySuccess(messages.patientCalled.replace('{sala}', chamada.sala))
      return queryClient.invalidateQueries({ queryKey: chamadaKeys.day(date) })
    },
  })
}
