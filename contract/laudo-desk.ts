// The laudo at the front desk (issue 36 point 7, docs/decisions.md "The laudo at the desk"): the 'protocolo
// de retirada' printed with the receipt once the patient arrived — a number the server gives once per
// appointment and the expected date — and the list of laudos delivered, with 'Retificado após a entrega'.
import { z } from 'zod'
import { idField, requiredError } from './fields'
import { dayField } from './front-desk'
import { messages } from './messages'
import type { ApiCall } from './api-call'
import { RECEBEDORES } from './laudo-release'

/** '2026-000042': the year it was given and a number no other appointment has. */
export const PROTOCOLO_PATTERN = /^\d{4}-\d{6,}$/

export const ProtocoloRetirada = z.object({
  agendamentoId: z.string(),
  numero: z.string(),
  /** 'Previsão de entrega': the latest of the exams' 'Previsão' (laudoDueDate), YYYY-MM-DD. */
  previsao: z.string(),
  /** ISO instant it was first given. */
  emitidoEm: z.string(),
})
export type ProtocoloRetirada = z.infer<typeof ProtocoloRetirada>

/** One delivery as the desk's list shows it. */
export const LaudoEntregue = z.object({
  laudoId: z.string(),
  /** The patient's name as the laudo prints it (the social name first). */
  paciente: z.string(),
  exame: z.string(),
  /** The exam's clinic day, YYYY-MM-DD. */
  dataExame: z.string(),
  /** The version handed over. */
  versao: z.number().int(),
  /** ISO instant. */
  entregueEm: z.string(),
  recebedor: z.enum(RECEBEDORES),
  /** The third party's name ('' for the patient); their CPF is never answered. */
  nome: z.string(),
  entreguePor: z.string(),
  /** A later version exists: 'Retificado após a entrega' (the clinic calls the patient). */
  retificadoAposEntrega: z.boolean(),
})
export type LaudoEntregue = z.infer<typeof LaudoEntregue>

/** At most this many days per list (a quarter). */
export const ENTREGUES_MAX_DAYS = 92

export const LaudosEntreguesRequest = z
  .strictObject({ de: dayField, ate: dayField })
  .refine((r) => r.de <= r.ate, { path: ['ate'], error: messages.laudoEntreguesRange })
  .refine((r) => Date.parse(r.ate) - Date.parse(r.de) <= ENTREGUES_MAX_DAYS * 86_400_000, {
    path: ['ate'],
    error: messages.laudoEntreguesRange,
  })
export type LaudosEntreguesRequest = z.infer<typeof LaudosEntreguesRequest>

export const laudoDeskCalls = {
  /**
   * The appointment's 'protocolo de retirada', given on the first call once the patient arrived (then the
   * same one); 409 before the arrival. Any signed-in user: the receipt is printed at the desk.
   */
  protocoloRetirada: {
    method: 'POST',
    path: '/laudo/protocolo',
    body: z.strictObject({ agendamentoId: idField }, requiredError),
    status: 200,
    access: 'user',
    response: z.object({ protocolo: ProtocoloRetirada }),
  },
  /** The deliveries of a range of days (by the delivery's clinic day), newest first. Any signed-in user. */
  laudosEntregues: {
    method: 'POST',
    path: '/laudos/entregues',
    body: LaudosEntreguesRequest,
    status: 200,
    access: 'user',
    response: z.object({ entregas: z.array(LaudoEntregue) }),
  },
} as const satisfies Record<string, ApiCall>
