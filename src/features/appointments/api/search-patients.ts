import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Paciente } from '@contract'
import { callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

/** What the appointment modal needs of a patient to offer it in its select. */
/** With the birth date and the CPF, to tell namesakes apart in the select (issue 14). */
export type PatientOption = Pick<Paciente, 'id' | 'nome'> & Partial<Pick<Paciente, 'datanascimento' | 'cpf'>>

/** The first page of active patients whose name contains `nome` (everyone when it is empty). */
export async function searchPatients(nome: string, signal?: AbortSignal): Promise<PatientOption[]> {
  const nomer = nome.trim()
  const { pacientes } = nomer
    ? await callApi('findPacientesByNome', { nomer, page: 1 }, { signal })
    : await callApi('listPacientes', { page: 1 }, { signal })
  return pacientes.map(({ id, nome, datanascimento, cpf }) => ({ id, nome, datanascimento, cpf }))
}

export const searchPatientsQueryOptions = (nome: string) =>
  queryOptions({
    // Under pacienteKeys.list(nome), so that the patients feature's invalidations reach it, but with its
    // own last segment: the patients screen keeps an infinite query (another data shape) at list(nome).
    queryKey: [...pacienteKeys.list(nome.trim()), 'lookup'] as const,
    queryFn: ({ signal }) => searchPatients(nome, signal),
    staleTime: 30_000,
  })

export function useSearchPatients(nome: string, enabled = true) {
  return useQuery({ ...searchPatientsQueryOptions(nome), enabled, placeholderData: keepPreviousData })
}
