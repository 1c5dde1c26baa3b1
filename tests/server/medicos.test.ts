// GET /medico/listAll, POST /medico/findbyid, POST /medico/register (admin).
import { describe, expect, it } from 'vitest'
import { messages, type Medico } from '@contract'
import { testAppPerFile } from '../support/test-app-per-file'
import { call, createMedico, expectError, expectStatus, UNKNOWN_ID } from './helpers'

const t = testAppPerFile()

describe('medicos', () => {
  it('an empty list is [] (200)', async () => {
    expect(expectStatus(await call(t, 'listMedicos', 'staff'), 200)).toEqual({ medicos: [] })
  })

  it('register (admin): 201 { medico }', async () => {
    const body = expectStatus<{ medico: Medico }>(
      await call(t, 'registerMedico', 'admin', { nome: '  Helena Prado ' }),
      201,
    )
    expect(body.medico).toEqual({ id: expect.any(String), nome: 'Helena Prado' })
  })

  it('register refuses a name that is not letters, with issues.nome._errors (docs/product.md §7)', async () => {
    for (const nome of ['Dr. House', 'José 2', '<b>x</b>', "'; drop table medicos; --"]) {
      const body = expectError(await call(t, 'registerMedico', 'admin', { nome }), 400, messages.lettersOnly)
      expect(body.issues).toEqual({ _errors: [], nome: { _errors: [messages.lettersOnly] } })
    }
    const missing = expectError(await call(t, 'registerMedico', 'admin', {}), 400, messages.required)
    expect(missing.issues).toMatchObject({ nome: { _errors: [messages.required] } })
    expectError(await call(t, 'registerMedico', 'admin', { nome: 'Ana', extra: 1 }), 400)
    expectError(await call(t, 'registerMedico', 'admin', { nome: 'A'.repeat(121) }), 400, messages.textTooLong)
  })

  it('register is admin-only (403 for staff)', async () => {
    expectError(await call(t, 'registerMedico', 'staff', { nome: 'Helena Prado' }), 403, messages.forbidden)
  })

  it('listAll orders by name', async () => {
    await createMedico(t, 'Bruno Alves')
    await createMedico(t, 'Ana Lima')
    await createMedico(t, 'Carla Dias')
    const { medicos } = expectStatus<{ medicos: Medico[] }>(await call(t, 'listMedicos', 'staff'), 200)
    expect(medicos.map((m) => m.nome)).toEqual(['Ana Lima', 'Bruno Alves', 'Carla Dias', 'Helena Prado'])
  })

  it('findbyid: 200 { medico }, 404 unknown, 400 malformed', async () => {
    const m = await createMedico(t, 'Davi Rocha')
    expect(expectStatus(await call(t, 'findMedico', 'staff', { id: m.id }), 200)).toEqual({ medico: m })
    expectError(await call(t, 'findMedico', 'staff', { id: UNKNOWN_ID }), 404, messages.doctorNotFound)
    expectError(await call(t, 'findMedico', 'staff', { id: 'abc' }), 400, messages.idInvalid)
  })
})
