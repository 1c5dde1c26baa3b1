// The central error mapping: PostgreSQL conditions a request can cause → the contract's answers.
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { findPgError, pgErrorAnswer } from '../../server/plugins/errors'

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
