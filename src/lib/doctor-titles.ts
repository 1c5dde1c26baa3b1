// 'Dr.' or 'Dra.' wherever a doctor's name is written (issue 14, docs/decisions.md "Brazilian forms"). The
// specification's calls answer a doctor as `{ id, nome }`; each doctor's tratamento comes from one more
// call (GET /medico/tratamentos), kept offline with the doctors list. Until it arrives, and for a doctor it
// does not know, the specification's 'Dr.'.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MedicoTratamento } from '@contract/forms'
import { callApi } from './api-client'
import { medicoKeys } from './query-keys'

export type Tratamento = MedicoTratamento['tratamento']
/** Doctor id → tratamento. */
export type DoctorTitles = ReadonlyMap<string, Tratamento>

const NONE: DoctorTitles = new Map()

// the answer is cached (and kept offline) as it came, a plain array; screens read it as a map
export async function getDoctorTitles(signal?: AbortSignal): Promise<MedicoTratamento[]> {
  const { tratamentos } = await callApi('listMedicosTratamentos', undefined, { signal })
  return tratamentos
}

const toMap = (tratamentos: MedicoTratamento[]): DoctorTitles => new Map(tratamentos.map((m) => [m.id, m.tratamento]))

export const doctorTitlesQueryOptions = () =>
  queryOptions({
    queryKey: medicoKeys.tratamentos(),
    queryFn: ({ signal }) => getDoctorTitles(signal),
    // as the doctors list: an admin changes a tratamento now and then
    staleTime: 10 * 60_000,
  })

/** Every doctor's tratamento known so far (empty while loading, offline without a copy, or failing). */
export function useDoctorTitles(): DoctorTitles {
  // not a list on screen by itself: the offline banner's stamp describes the lists shown
  const { data } = useQuery({ ...doctorTitlesQueryOptions(), select: toMap, meta: { notShown: true } })
  return data ?? NONE
}

/** 'Dra. Helena Duarte': the name as given (callers capitalize it as their screen does). */
export function doctorTitle(medico: { id: string; nome: string }, titles: DoctorTitles = NONE): string {
  return `${titles.get(medico.id) ?? 'Dr.'} ${medico.nome}`
}
