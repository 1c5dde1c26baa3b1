// One booking path (issue 39): the specification's calls (/agendamento/register, /agendamento/update) and the
// agenda's (/agendamento/agendar, /agendamento/reagendar) are thin adapters over book and rebook, which resolve
// the catalogue choice, write the appointment, save its catalogue copies and record the audit row, inside the
// caller's transaction. What the agenda's calls add — a duration, a machine, an encaixe and their checks — comes
// in as `schedule`, run once the catalogue choice is resolved (server/booking/schedule.ts).
import type { FastifyRequest } from 'fastify'
import { AGENDAMENTO_FIELDS, messages, type AgendamentoDetalhes, type Agendamento, type Role } from '@contract'
import { HttpError } from '../plugins/errors'
import * as agendamentoCatalogo from '../repositories/agendamento-catalogo'
import * as agendamentosRepo from '../repositories/agendamentos'
import * as audit from '../repositories/audit'
import type { Executor } from '../repositories/executor'
import type { SessionInStatement } from '../repositories/sessions'
import { refuseUnlessOwnAgenda } from './appointment-owner'
import { refuseChoice } from './catalogue-choice'

/** Who books, as the routes know them: for the doctor's rule and the audit row. */
export interface Booker {
  user: { sub: string; role: Role }
  request: FastifyRequest
}

/** A resolved catalogue choice (agendamento-catalogo.ts resolve), once it can be booked. */
export type Resolved = Extract<agendamentoCatalogo.Resolved, { kind: 'ok' }>

/** What the agenda's call adds to a new booking, after its checks: the columns, and their names for the audit. */
export interface NewSchedule {
  columns: agendamentosRepo.AgendaColumns
  auditFields: string[]
}

/** Resolves the catalogue choice, or refuses it (404, 409) with the catalogue's message. */
async function resolved(
  tx: Executor,
  data: agendamentosRepo.AgendamentoInput,
  current?: AgendamentoDetalhes,
): Promise<Resolved> {
  const choice = await agendamentoCatalogo.resolve(tx, data, current)
  if (choice.kind !== 'ok') refuseChoice(choice.kind)
  return choice
}

/**
 * Books an appointment. With `session` (the specification's call, plugins/session-check.ts) the booking's first
 * statement, the patient's lock, checks the session: the doctor's rule is asked after it, and a refusal rolls the
 * booking back; without it the doctor's rule is asked first.
 */
export async function book(
  tx: Executor,
  booker: Booker,
  data: agendamentosRepo.AgendamentoInput,
  options: {
    session?: SessionInStatement
    schedule?: (tx: Executor, resolved: Resolved) => Promise<NewSchedule>
  } = {},
): Promise<{ agendamento: Agendamento }> {
  if (!options.session) await refuseUnlessOwnAgenda(tx, booker.user, [data.medicoId])
  // the catalogue's exams and convênio: names onto the appointment, copies beside it
  const choice = await resolved(tx, data)
  const schedule = await options.schedule?.(tx, choice)
  const result = await agendamentosRepo.create(
    tx,
    { ...data, exames: choice.exames, convenio: choice.convenio },
    booker.user.sub,
    schedule?.columns ?? {},
    options.session,
  )
  // thrown inside the transaction: the idempotency key is rolled back with it
  if (result.kind === 'patientNotFound') throw new HttpError(404, messages.patientNotFound)
  if (options.session) await refuseUnlessOwnAgenda(tx, booker.user, [data.medicoId])
  const { agendamento } = result
  await agendamentoCatalogo.save(tx, agendamento.id, data, choice.itens, data.valorIncents, booker.user.sub)
  await audit.record(
    tx,
    audit.auditEvent(booker, {
      action: 'create',
      entity: 'agendamento',
      entityId: agendamento.id,
      fields: [...AGENDAMENTO_FIELDS, ...(schedule?.auditFields ?? [])],
    }),
  )
  return { agendamento }
}

/** What the agenda's call reads to reschedule: the appointment before, its catalogue copies, the new choice. */
export interface Rebooking {
  before: Agendamento
  detalhes: AgendamentoDetalhes
  resolved: Resolved
}

/**
 * Rewrites an appointment (repositories/agendamentos.ts update: the version, the date rule, the patient). The
 * doctor's rule covers the doctor it had and the one it gets. With `schedule` (reagendar) the time, machine,
 * duration and encaixe move too, after their checks.
 */
export async function rebook(
  tx: Executor,
  booker: Booker,
  id: string,
  data: agendamentosRepo.AgendamentoInput,
  versao: number | undefined,
  schedule?: (tx: Executor, rebooking: Rebooking) => Promise<agendamentosRepo.AgendaColumns>,
): Promise<agendamentosRepo.UpdateResult> {
  const before = await agendamentosRepo.findById(tx, id)
  if (!before) return { kind: 'notFound' }
  await refuseUnlessOwnAgenda(tx, booker.user, [before.doutor.id, data.medicoId])
  const detalhes = await agendamentoCatalogo.detalhes(tx, id)
  const choice = await resolved(tx, data, detalhes)
  const agenda = await schedule?.(tx, { before, detalhes, resolved: choice })
  const updated = await agendamentosRepo.update(
    tx,
    id,
    { ...data, exames: choice.exames, convenio: choice.convenio },
    versao,
    agenda,
  )
  if (updated.kind === 'ok') {
    await agendamentoCatalogo.save(tx, id, data, choice.itens, data.valorIncents, booker.user.sub, {
      detalhes,
      valorIncents: before.valorIncents,
    })
    await audit.record(
      tx,
      audit.auditEvent(booker, { action: 'update', entity: 'agendamento', entityId: id, fields: updated.changed }),
    )
  }
  return updated
}
