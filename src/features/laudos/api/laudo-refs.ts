// What the laudo's screens read besides the laudo: the machines (the worklist's filter) and the clinic's
// PACS address ('Ver imagens'). Same keys as the other screens that read them, so one fetch serves both.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/api-client'
import { agendaKeys, clinicaKeys } from '@/lib/query-keys'

export const useLaudoMachines = () =>
  useQuery(
    queryOptions({
      queryKey: agendaKeys.equipamentos(),
      queryFn: async ({ signal }) => callApi('listEquipamentos', undefined, { signal }),
      select: (answer) => answer.equipamentos,
    }),
  )

export const useLaudoPacsUrl = () =>
  useQuery(
    queryOptions({
      queryKey: [...clinicaKeys.all, 'laudo'] as const,
      queryFn: async ({ signal }) => (await callApi('configuracoesLaudo', undefined, { signal })).configuracoes,
      select: (configuracoes) => configuracoes.pacsUrl,
    }),
  )
