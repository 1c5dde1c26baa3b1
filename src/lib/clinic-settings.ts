// The clinic's settings as every printout and message reads them (docs/decisions.md, "Messages and
// printouts"); kept offline, so a printout works from the read cache.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from './api-client'
import { clinicaKeys } from './query-keys'

export const clinicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: clinicaKeys.settings(),
    queryFn: async ({ signal }) => (await callApi('configuracoesClinica', undefined, { signal })).configuracoes,
    // ADMIN changes them rarely; a save updates the cache itself
    staleTime: 10 * 60_000,
    // what printouts carry, not data a screen shows: the offline banner's 'saved at' ignores it
    meta: { notShown: true },
  })

export function useClinicSettings() {
  return useQuery(clinicSettingsQueryOptions())
}
