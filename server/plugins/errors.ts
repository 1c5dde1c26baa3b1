// One place that turns every failure into the contract's error answer `{ error, issues? }` (docs/product.md
// §10.5): body validation, unreadable bodies, known PostgreSQL conditions, and anything unexpected
// (500, logged). A client can reach no 5xx through what it sends.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import fp from 'fastify-plugin'
import type { z } from 'zod'
import { messages, validationErrorBody, type ErrorBody } from '@contract'
import { privateError } from '../http/log-privacy'
import { databaseUnavailability, UNAVAILABLE_RETRY_AFTER_SECONDS, unavailabilityMessages } from '../db/unavailable'

/** An answer the route decides: a status, the Portuguese sentence, optional headers (Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

/** A request body that failed its zod schema; keeps the ZodError for `validationErrorBody`. */
export class BodyValidationError extends Error {
  readonly statusCode = 400
  readonly code = 'FST_ERR_VALIDATION'
  constructor(readonly zodError: z.ZodError) {
    super(messages.invalidRequest)
    this.name = 'BodyValidationError'
  }
}

/**
 * Validator compiler for zod schemas. fastify-type-provider-zod's own `validatorCompiler` flattens the
 * ZodError into Fastify's validation array; the contract's 400 body (`validationErrorBody`, also used by
 * the msw mock) is built from the ZodError itself, so this one keeps it. Same parse, same result.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data)
    return result.success ? { value: result.data } : { error: new BodyValidationError(result.error) }
  }

interface PgErrorLike {
  code: string
  constraint?: string
  severity?: string
}

/** The node-postgres error behind an error (Drizzle wraps it in DrizzleQueryError's `cause`). */
export function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code) && 'severity' in candidate)
      return candidate as PgErrorLike
    current = candidate.cause
  }
  return undefined
}

const UNIQUE_MESSAGES: Record<string, string> = {
  pacientes_cpf_unique: messages.patientAlreadyExists,
  pacientes_rg_unique: messages.patientAlreadyExists,
  users_email_unique: messages.emailTaken,
  agendamentos_medico_datahora_unique: messages.slotTaken,
  equipamentos_nome_unique: messages.equipmentNameTaken,
  equipamentos_ae_title_unique: messages.aeTitleTaken,
}

// issue 35: the database's own guards behind the routes' checks (migration 0016), answered as the routes do
const CONSTRAINT_ANSWERS: Record<string, { status: number; error: string }> = {
  pagamentos_within_value: { status: 409, error: messages.paymentAboveRemaining.replace(' ({valor})', '') },
  pagamentos_data_check: { status: 409, error: messages.paymentDateBeforeBooking },
  agendamentos_keep_received: { status: 409, error: messages.appointmentDeleteKept },
}

const FOREIGN_KEY_ANSWERS: Record<string, { status: number; error: string }> = {
  agendamentos_paciente_id_pacientes_id_fk: { status: 404, error: messages.patientNotFound },
  agendamentos_medico_id_medicos_id_fk: { status: 404, error: messages.doctorNotFound },
  // a token whose user is not in this database (signed with the same secret elsewhere)
  agendamentos_user_id_users_id_fk: { status: 401, error: messages.unauthenticated },
  pacientes_user_id_users_id_fk: { status: 401, error: messages.unauthenticated },
  agendamentos_equipamento_id_equipamentos_id_fk: { status: 404, error: messages.equipmentNotFound },
  bloqueios_equipamento_id_equipamentos_id_fk: { status: 404, error: messages.equipmentNotFound },
  // a laudo is a medical record: its appointment is cancelled, never deleted (issue 36, migration 0020)
  laudos_agendamento_id_fkey: { status: 409, error: messages.appointmentDeleteHasLaudo },
}

/** The answer for a PostgreSQL condition a request can cause, or undefined for a real fault. */
export function pgErrorAnswer(pg: PgErrorLike): { status: number; error: string } | undefined {
  const constraint = pg.constraint ?? ''
  if (CONSTRAINT_ANSWERS[constraint]) return CONSTRAINT_ANSWERS[constraint]
  switch (pg.code) {
    case '23505':
      return { status: 409, error: UNIQUE_MESSAGES[constraint] ?? messages.invalidRequest }
    case '23P01': // exclusion: an overlapping booking (migration 0009); routes name what is taken first
      return { status: 409, error: messages.slotOverlap }
    case '23503':
      return FOREIGN_KEY_ANSWERS[constraint] ?? { status: 404, error: messages.invalidRequest }
    case '23502': // not null
    case '23514': // check
      return { status: 400, error: messages.invalidRequest }
    case '40001': // serialization failure
    case '40P01': // deadlock: the other writer won
      return { status: 409, error: messages.staleWrite }
    case '57P01': // admin shutdown
    case '57P02': // crash shutdown
    case '57P03': // cannot connect now (starting / stopping)
      return { status: 503, error: messages.serverRestarting }
  }
  // class 22: data exception (invalid text representation, out of range, bad date/time, NUL byte, …)
  if (pg.code.startsWith('22')) return { status: 400, error: messages.invalidRequest }
  if (pg.code.startsWith('08')) return { status: 503, error: messages.serverRestarting }
  return undefined
}

/** Fastify's own 4xx conditions (body parsing) with the contract's sentences. */
const FASTIFY_CODES: Record<string, { status: number; error: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, error: messages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, error: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, error: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, error: messages.invalidJson },
}

export async function errorHandler(
  this: FastifyInstance,
  failure: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const error = await sessionFirst(failure, request)
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ error: error.message } satisfies ErrorBody)
  }
  if (error instanceof BodyValidationError) {
    const call = request.routeOptions.config.call ?? {}
    return reply.code(400).send(validationErrorBody(call, error.zodError))
  }
  const known = error.code ? FASTIFY_CODES[error.code] : undefined
  if (known) return reply.code(known.status).send({ error: known.error } satisfies ErrorBody)

  // the database is down, stalled, out of connections or out of disk: 503, never 500 (docs/decisions.md, "Reliability")
  const unavailable = databaseUnavailability(error)
  if (unavailable && !(findPgError(error)?.code ?? '').startsWith('57P0')) {
    request.log.warn(
      { code: (findPgError(error) ?? (error as { code?: string })).code, reason: unavailable },
      'database unavailable',
    )
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ error: unavailabilityMessages[unavailable] } satisfies ErrorBody)
  }

  const pg = findPgError(error)
  if (pg) {
    const answer = pgErrorAnswer(pg)
    if (answer) {
      if (answer.status >= 500) request.log.warn({ err: loggable(error) }, 'database unavailable')
      else request.log.info({ pgCode: pg.code, constraint: pg.constraint }, 'database refused the request')
      return reply.code(answer.status).send({ error: answer.error } satisfies ErrorBody)
    }
  }

  // Any other 4xx Fastify raises (bad content-length, aborted body…): keep the status, say it in Portuguese.
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500
  if (!pg && status >= 400 && status < 500) {
    return reply
      .code(status)
      .send({ error: status === 413 ? messages.payloadTooLarge : messages.invalidRequest } satisfies ErrorBody)
  }

  // The client went away before its answer's first byte (a reload, a closed tab, a dropped Wi-Fi): the answer's
  // stream reports it as an error, but nothing failed here and nobody reads what follows.
  if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
    request.log.info('client closed the connection before its answer')
  else request.log.error({ err: loggable(error) }, 'unexpected error')
  return reply.code(500).send({ error: messages.internalError } satisfies ErrorBody)
}

/**
 * On a call that reads the session with its own statement (plugins/session-check.ts), an error that came
 * before that statement (an invalid body, a 404) must not answer before the session is checked: its refusal
 * (401/403) comes first, as when the auth hook checks it. A failure of the check itself (the database is
 * down) is answered instead of the error; an error that is the database's unavailability is answered as is.
 */
async function sessionFirst(error: FastifyError, request: FastifyRequest): Promise<FastifyError> {
  const session = request.session
  if (session === undefined || session.settled) return error
  // the database is what failed: asking it about the session would only add its timeout to the 503
  if (databaseUnavailability(error)) return error
  try {
    await session.ensure()
    return error
  } catch (refusal) {
    return refusal as FastifyError
  }
}

/**
 * What to log of an error: Drizzle's wrapper carries the query's parameters in its message (patients'
 * documents, password hashes), so log the driver's error and the SQL text instead.
 */
function loggable(error: unknown): unknown {
  // no DETAIL, parameters or quoted values either (server/http/log-privacy.ts)
  return privateError(error)
}

/**
 * The validator compiler and the error handler, not encapsulated: set on the app before its routes, so
 * that every route and hook answers failures with the contract's bodies.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(zodValidatorCompiler)
    app.setErrorHandler(errorHandler)
  },
  { name: 'clinica-errors', fastify: '5.x' },
)

/** URL of the JSON API (everything under `/api`). */
export function isApiUrl(url: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(url)
}

/** Fastify's router-level errors (malformed URL, …) in the contract's shape. */
export function frameworkErrors(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // answered before any hook runs: the headers that matter are set here
  void reply
    .code(400)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send({ error: messages.invalidRequest } satisfies ErrorBody)
}
