import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { PAGE_SIZE, type Paciente } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

/** Longest name the API searches by (FindPacienteByNomeRequest.nomer). */
const MAX_NAME_SEARCH = 120

/** One page of active patients, ordered by name: everyone, or those whose name contains `nome`. */
export async function getPatients({
  nome,
  page,
  signal,
}: {
  nome: string
  page: number
  signal?: AbortSignal
}): Promise<Paciente[]> {
  const nomer = nome.trim().slice(0, MAX_NAME_SEARCH)
  const answer = nomer
    ? await callApi('findPacientesByNome', { nomer, page }, { signal })
    : await callApi('listPacientes', { page }, { signal })
  return answer.pacientes
}

/** The paged patient list (pages of PAGE_SIZE, from 1); a short page means there is no next one. */
export const getPatientsQueryOptions = (nome = '') =>
  infiniteQueryOptions({
    queryKey: pacienteKeys.list(nome.trim()),
    queryFn: ({ pageParam, signal }) => getPatients({ nome, page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (lastPage: Paciente[], allPages: Paciente[][]) =>
      lastPage.length < PAGE_SIZE ? undefined : allPages.length + 1,
  })

type UsePatientsOptions = {
  nome?: string
  enabled?: boolean
}

/** While a new search loads, the previous results stay on screen (`isPlaceholderData`). */
export const usePatients = ({ nome = '', enabled = true }: UsePatientsOptions = {}) =>
  useInfiniteQuery({ ...getPatientsQueryOptions(nome), enabled, placeholderData: keepPreviousData })
