// The calls of the front desk's day (docs/decisions.md "The front desk's day"): status moves and
// 'Desfazer', the day board's version (what open boards poll to refresh), 'Marcar faltas', and the link
// between a user and a doctor ('Minha agenda').
import { z } from 'zod'
import { Agendamento, UsuarioComMedico } from './entities'
import { enumField, idField, pageField, requiredError } from './fields'
import { messages } from './messages'
import { CANCEL_TEXT_MAX, MOTIVOS_CANCELAMENTO, STATUSES } from './status'
import { isValidDate } from './clinic-time'
import { PRIORIDADES } from './priorities'
import type { ApiCall } from './api-call'

/** The `versao` the client read: a move on anything older is refused (409). */
const versaoField = z
  .number(requiredError)
  .int({ error: messages.invalidRequest })
  .min(0, { error: messages.invalidRequest })

/** A clinic day, `YYYY-MM-DD`. */
export const dayField = z
  .string(requiredError)
  .min(1, { error: messages.required, abort: true })
  .refine(isValidDate, { error: messages.dayInvalid })

/**
 * A move to `status`. Cancelling needs a motivo ('paciente' or 'clinica') and may carry a text; other
 * moves carry neither. An arrival ('aguardando') may carry the legal priority declared ('prioridade').
 */
export const MoverStatusRequest = z
  .strictObject({
    id: idField,
    versao: versaoField,
    status: enumField(STATUSES),
    motivo: enumField(MOTIVOS_CANCELAMENTO).optional(),
    texto: z
      .string({ error: messages.invalidRequest })
      .trim()
      .max(CANCEL_TEXT_MAX, { error: messages.cancelTextTooLong })
      .optional(),
    /** The legal priority declared at arrival (issue 38): only with `status: 'aguardando'`. */
    prioridade: z.enum(PRIORIDADES, { error: messages.priorityInvalid }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.prioridade !== undefined && value.status !== 'aguardando')
      ctx.addIssue({ code: 'custom', path: ['prioridade'], message: messages.priorityOnlyAtArrival })
    if (value.status === 'cancelado' && value.motivo === undefined)
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: messages.cancelReasonRequired })
    if (value.status !== 'cancelado' && (value.motivo !== undefined || value.texto !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: [value.motivo !== undefined ? 'motivo' : 'texto'],
        message: messages.reasonOnlyForCancel,
      })
  })
export type MoverStatusRequest = z.input<typeof MoverStatusRequest>

/** Takes back the last move of the appointment read at `versao`. */
export const DesfazerStatusRequest = z.strictObject({ id: idField, versao: versaoField })
export type DesfazerStatusRequest = z.input<typeof DesfazerStatusRequest>

export const VersaoDiaRequest = z.strictObject({ dia: dayField })
export type VersaoDiaRequest = z.input<typeof VersaoDiaRequest>

/** The appointments the desk confirmed as missed; each is marked only if it still qualifies. */
export const MarcarFaltasRequest = z.strictObject({
  ids: z
    .array(idField, requiredError)
    .min(1, { error: messages.missedNoneSelected })
    .max(500, { error: messages.textTooLong }),
})
export type MarcarFaltasRequest = z.input<typeof MarcarFaltasRequest>

/** Links a user to a doctor, or unlinks them (`medicoId: null`). */
export const VincularMedicoRequest = z.strictObject({
  id: idField,
  medicoId: idField.nullable(),
})
export type VincularMedicoRequest = z.input<typeof VincularMedicoRequest>

export const ListUsuariosRequest = z.strictObject({ page: pageField })
export type ListUsuariosRequest = z.input<typeof ListUsuariosRequest>

const agendamentoAnswer = z.object({ agendamento: Agendamento })

/** The calls of the front desk's day; part of the contract's `api` table (api.ts). */
export const frontDeskCalls = {
  /** One move of an appointment's status; the answer is the appointment after it. */
  moverStatus: {
    method: 'POST',
    path: '/agendamento/status',
    body: MoverStatusRequest,
    status: 200,
    access: 'user',
    response: agendamentoAnswer,
  },
  /** Takes back the appointment's last move (anyone within 10 minutes of it, ADMIN at any time). */
  desfazerStatus: {
    method: 'POST',
    path: '/agendamento/desfazerStatus',
    body: DesfazerStatusRequest,
    status: 200,
    access: 'user',
    response: agendamentoAnswer,
  },
  /**
   * A number that changes whenever any appointment of that clinic day is booked, changed, moved or
   * deleted: open boards poll it every few seconds and reload the day's list when it changes.
   */
  versaoDia: {
    method: 'POST',
    path: '/agendamento/versaoDia',
    body: VersaoDiaRequest,
    status: 200,
    access: 'user',
    response: z.object({ dia: z.string(), versao: z.number() }),
  },
  /** Marks as 'Faltou' those of `ids` still qualifying (status.ts isMissedCandidate); answers those marked. */
  marcarFaltas: {
    method: 'POST',
    path: '/agendamento/marcarFaltas',
    body: MarcarFaltasRequest,
    status: 200,
    access: 'user',
    response: z.object({ agendamentos: z.array(Agendamento) }),
  },
  /** The signed-in user with the doctor they are linked to: a linked user opens on 'Minha agenda'. */
  meuUsuario: {
    method: 'GET',
    path: '/users/me',
    status: 200,
    access: 'user',
    response: z.object({ user: UsuarioComMedico }),
  },
  /** Every user, by name, in pages of 20, with their doctor link. */
  listUsuarios: {
    method: 'POST',
    path: '/users/listAll',
    body: ListUsuariosRequest,
    status: 200,
    access: 'admin',
    response: z.object({ usuarios: z.array(UsuarioComMedico) }),
  },
  vincularMedico: {
    method: 'PUT',
    path: '/users/vincularMedico',
    body: VincularMedicoRequest,
    status: 200,
    access: 'admin',
    response: z.object({ user: UsuarioComMedico }),
  },
} as const satisfies Record<string, ApiCall>
