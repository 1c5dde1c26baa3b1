// The central error mapping: PostgreSQL conditions a request can cause → the contract's answers; a client
// that goes away mid-answer is not logged as a fault.
import { PassThrough, Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { errorsPlugin, findPgError, pgErrorAnswer } from '../../server/plugins/errors'

const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('db'), { code, constraint, severity: 'ERROR' })

describe('PostgreSQL errors', () => {
  it('finds the driver error inside Drizzle’s wrapper', () => {
    const inner = pgError('23505', 'users_email_unique')
    expect(findPgError(new DrizzleQueryError('insert …', [], inner))).toBe(inner)
    expect(findPgError(new Error('plain'))).toBeUndefined()
    expect(findPgError(Object.assign(new Error('fastify'), { code: 'FST_ERR_VALIDATION' }))).toBeUndefined()
  })

  it.each([
    ['23505', 'pacientes_cpf_unique', 409, messages.patientAlreadyExists],
    ['23505', 'pacientes_rg_unique', 409, messages.patientAlreadyExists],
    ['23505', 'users_email_unique', 409, messages.emailTaken],
    ['23505', 'agendamentos_medico_datahora_unique', 409, messages.slotTaken],
    ['23503', 'agendamentos_paciente_id_pacientes_id_fk', 404, messages.patientNotFound],
    ['23503', 'agendamentos_medico_id_medicos_id_fk', 404, messages.doctorNotFound],
    ['23503', 'pacientes_user_id_users_id_fk', 401, messages.unauthenticated],
    ['22P02', undefined, 400, messages.invalidRequest],
    ['22003', undefined, 400, messages.invalidRequest],
    ['22007', undefined, 400, messages.invalidRequest],
    ['22008', undefined, 400, messages.invalidRequest],
    ['22021', undefined, 400, messages.invalidRequest],
    ['23514', 'agendamentos_valor_check', 400, messages.invalidRequest],
    ['40P01', undefined, 409, messages.staleWrite],
    ['57P01', undefined, 503, messages.serverRestarting],
  ])('%s %s → %i', (code, constraint, status, error) => {
    expect(pgErrorAnswer(pgError(code, constraint))).toEqual({ status, error })
  })

  it('leaves real faults (syntax error, missing table) to the 500 path', () => {
    expect(pgErrorAnswer(pgError('42601'))).toBeUndefined()
    expect(pgErrorAnswer(pgError('42P01'))).toBeUndefined()
  })
})

describe('a client that goes away', () => {
  // A reload or a closed tab while an answer is being compressed: its stream ends early, before any byte is
  // sent. That is no fault of the server's and must not be logged as one.
  it('logs an answer stream closed early at info level, not as an unexpected error', async () => {
    const lines: { level: number; msg: string }[] = []
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string })
        done()
      },
    })
    const app = Fastify({ logger: { level: 'info', stream } })
    await app.register(errorsPlugin)
    app.get('/answer', (_request, reply) => {
      const body = new PassThrough()
      setImmediate(() => body.destroy())
      return reply.send(body)
    })
    try {
      await app.inject({ method: 'GET', url: '/answer' })
    } finally {
      await app.close()
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'client closed the connection before its answer' }),
    )
  })
})
