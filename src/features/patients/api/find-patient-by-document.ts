import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Paciente } from '@contract'
import { ApiError, callApi } from '@/lib/api-client'
import { pacienteKeys } from '@/lib/query-keys'

export type DocumentKind = 'cpf' | 'rg'

/** The active patient with this CPF or RG (digits), or null when there is none (the API's 404). */
export async function findPatientByDocument({
  kind,
  value,
  signal,
}: {
  kind: DocumentKind
  value: string
  signal?: AbortSignal
}): Promise<Paciente | null> {
  try {
    const answer =
      kind === 'cpf'
        ? await callApi('findPacienteByCpf', { cpf: value }, { signal })
        : await callApi('findPacienteByRg', { rg: value }, { signal })
    return answer.paciente
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const findPatientByDocumentQueryOptions = (kind: DocumentKind, value: string) =>
  queryOptions({
    queryKey: pacienteKeys.byDocument(kind, value),
    queryFn: ({ signal }) => findPatientByDocument({ kind, value, signal }),
  })

type UseFindPatientByDocumentOptions = {
  kind: DocumentKind
  value: string
  enabled?: boolean
}

export const useFindPatientByDocument = ({ kind, value, enabled = true }: UseFindPatientByDocumentOptions) =>
  useQuery({ ...findPatientByDocumentQueryOptions(kind, value), enabled: enabled && value !== '' })
