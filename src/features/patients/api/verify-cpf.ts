import type { VerificarCpfAnswer } from '@contract'
import { callApi } from '@/lib/api-client'

/**
 * Whether a patient already has this CPF (11 digits): the wizard asks when the CPF field loses focus
 * (issue 14), so that a duplicate is found at step 1 instead of at 'Confirmar cadastro'. A plain fetcher,
 * not a cached query: the answer must be today's, and it is asked once per CPF typed.
 */
export function verifyCpf(cpf: string, signal?: AbortSignal): Promise<VerificarCpfAnswer> {
  return callApi('verificarCpf', { cpf }, { signal })
}
