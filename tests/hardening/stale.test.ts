// Lost updates: an update that sends the `versao` it read is refused with 409 staleWrite when someone
// changed the record meanwhile — one at a time and when two editors save at the same moment.
import { describe, expect, it } from 'vitest'
import { messages, type Agendamento, type Paciente } from '@contract'
import { testAppPerFile } from '../support/test-app-per-file'
import {
  agendamentoBody,
  call,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  pacienteBody,
} from '../server/helpers'

const t = testAppPerFile()

function pacienteUpdate(p: Paciente, overrides: Record<string, unknown>) {
  const { userId: _u, ...fields } = pacienteBody(t)
  return { ...fields, cpf: p.cpf, rg: p.rg, id: p.id, ...overrides }
}

function agendamentoUpdate(a: Agendamento, overrides: Record<string, unknown>) {
  return {
    ...agendamentoBody(t, { pacienteId: a.pacienteId, medicoId: a.medicoId }, { datahora: a.datahora }),
    id: a.id,
    ...overrides,
  }
}

describe.each([
  [
    'patient',
    async () => {
      const p = await createPaciente(t)
      return (versao: number, n: number) =>
        call(t, 'updatePaciente', 'staff', pacienteUpdate(p, { versao, profissao: `Editor ${n}` }))
    },
  ],
  [
    'appointment',
    async () => {
      const a = await createAgendamento(t, {
        pacienteId: (await createPaciente(t)).id,
        medicoId: (await createMedico(t)).id,
      })
      return (versao: number, n: number) =>
        call(t, 'updateAgendamento', 'staff', agendamentoUpdate(a, { versao, anotacao: `Editor ${n}` }))
    },
  ],
] as const)('%s', (_label, setup) => {
  it('an update with the versao read succeeds and bumps it; the same versao again → 409 staleWrite', async () => {
    const update = await setup()
    const first = expectStatus<Record<string, { versao: number }>>(await update(1, 1), 200)
    expect(Object.values(first)[0]!.versao).toBe(2)
    expectError(await update(1, 2), 409, messages.staleWrite)
    expectError(await update(3, 2), 409, messages.staleWrite)
    expectStatus(await update(2, 3), 200)
  })

  it('of five editors saving the same versao at once, exactly one wins; the others get 409', async () => {
    const update = await setup()
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => update(1, n)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409])
    for (const loser of answers.filter((a) => a.statusCode === 409))
      expect(loser.json()).toEqual({ error: messages.staleWrite })
  })
})
