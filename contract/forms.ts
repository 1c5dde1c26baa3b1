// Issue 14's calls (docs/decisions.md, "Brazilian forms"): the wizard's early duplicate check.
import { z } from 'zod'
import { Medico, TRATAMENTOS } from './entities'
import { idField, requiredError } from './fields'
import { messages } from './messages'
import type { ApiCall } from './api-call'

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

/** The 27 federative units (Estado of a patient, UF of a CRM). */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const

/** A doctor with what ADMIN keeps about them: tratamento, CRM and its UF, specialty ('' when not kept). */
export const MedicoDetalhes = Medico.required()
export type MedicoDetalhes = z.infer<typeof MedicoDetalhes>

/** ADMIN sets a doctor's tratamento, CRM (4 to 7 digits, with its UF) and specialty; '' clears them. */
export const UpdateMedicoRequest = z
  .strictObject({
    id: idField,
    tratamento: z.enum(TRATAMENTOS, { error: messages.invalidRequest }),
    crm: z
      .string({ error: messages.invalidRequest })
      .trim()
      .regex(/^(\d{4,7})?$/, { error: messages.crmInvalid }),
    crmUf: z.union([z.enum(UFS), z.literal('')], { error: messages.crmUfInvalid }),
    especialidade: z.string({ error: messages.invalidRequest }).trim().max(80, { error: messages.specialtyTooLong }),
    /** Issue 36; left as it is when absent. */
    rqe: z
      .string({ error: messages.invalidRequest })
      .trim()
      .regex(/^(\d{1,6})?$/, { error: messages.rqeInvalid })
      .optional(),
  })
  .refine((m) => (m.crm === '') === (m.crmUf === ''), { path: ['crmUf'], error: messages.crmUfInvalid })
export type UpdateMedicoRequest = z.input<typeof UpdateMedicoRequest>

/**
 * How each doctor is addressed ('Dr.' or 'Dra.'), for every screen that writes a doctor's name: the
 * specification's `/medico/listAll` and the appointments keep answering `{ id, nome }` (docs/decisions.md,
 * "Brazilian forms").
 */
export const MedicoTratamento = z.object({ id: z.string(), tratamento: z.enum(TRATAMENTOS) })
export type MedicoTratamento = z.infer<typeof MedicoTratamento>

export const formsCalls = {
  verificarCpf: {
    method: 'POST',
    path: '/paciente/verificarcpf',
    body: VerificarCpfRequest,
    status: 200,
    access: 'user',
    response: VerificarCpfAnswer,
  },
  /** Every doctor's tratamento, for anyone signed in. */
  listMedicosTratamentos: {
    method: 'GET',
    path: '/medico/tratamentos',
    status: 200,
    access: 'user',
    response: z.object({ tratamentos: z.array(MedicoTratamento) }),
  },
  /** Every doctor by name with tratamento, CRM and specialty (ADMIN). */
  listMedicosDetalhes: {
    method: 'GET',
    path: '/medico/detalhes',
    status: 200,
    access: 'admin',
    response: z.object({ medicos: z.array(MedicoDetalhes) }),
  },
  updateMedico: {
    method: 'POST',
    path: '/medico/update',
    body: UpdateMedicoRequest,
    status: 200,
    access: 'admin',
    response: z.object({ medico: MedicoDetalhes }),
  },
} as const satisfies Record<string, ApiCall>
