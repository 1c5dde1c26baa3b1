// Issue 14's calls (docs/decisions.md, "Brazilian forms"): the wizard's early duplicate check.
import { z } from 'zod'
import { requiredError } from './fields'
import { messages } from './messages'
import type { ApiCall } from './api'

/** A complete CPF (11 digits): whether a patient, active or inactive, already has it. */
export const VerificarCpfRequest = z.strictObject({
  cpf: z
    .string(requiredError)
    .trim()
    .min(1, { error: messages.required, abort: true })
    .regex(/^\d{11}$/, { error: messages.cpfRgDigitsOnly }),
})
export type VerificarCpfRequest = z.input<typeof VerificarCpfRequest>

/**
 * `livre`: nobody has it. `ativo`: the patient (id and name) to open instead of registering twice.
 * `inativo`: an inactive patient has it; only an ADMIN, who may reactivate, learns who (docs/product.md §11:
 * inactive patients are the admin's).
 */
export const VerificarCpfAnswer = z.object({
  situacao: z.enum(['livre', 'ativo', 'inativo']),
  paciente: z.object({ id: z.string(), nome: z.string() }).nullable(),
})
export type VerificarCpfAnswer = z.infer<typeof VerificarCpfAnswer>

export const formsCalls = {
  verificarCpf: {
    method: 'POST',
    path: '/paciente/verificarcpf',
    body: VerificarCpfRequest,
    status: 200,
    access: 'user',
    response: VerificarCpfAnswer,
  },
} as const satisfies Record<string, ApiCall>
