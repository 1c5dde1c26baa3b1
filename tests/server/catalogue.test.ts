// The catalogue's rules the database decides (migration 0008): two simultaneous registrations of one name,
// written differently, cannot both win; two payments at once add up on one appointment.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addDays, clinicToday, messages } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const call = (method: 'POST' | 'PUT', url: string, payload: unknown, token = t.tokens.admin) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers: { authorization: `Bearer ${token}` } })

it('of two simultaneous registrations of one name (case and accents aside) exactly one wins', async () => {
  const answers = await Promise.all(
    ['Ultrassom de Tórax', 'ULTRASSOM DE TORAX', 'ultrassom de tórax ', 'Últrassom de torax'].map((nome) =>
      call('POST', '/exame/register', { nome, modalidade: 'US', duracao: 20 }),
    ),
  )
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409])
  for (const refused of answers.filter((a) => a.statusCode === 409))
    expect(refused.json()).toEqual({ error: messages.exameNameTaken })
})

it('two payments at once both count: the appointment is paid once they cover the value', async () => {
  const medico = (await call('POST', '/medico/register', { nome: 'Teresa Lima' })).json().medico
  const paciente = (
    await call(
      'POST',
      '/paciente/register',
      {
        nome: 'Pedro Alves',
        cpf: '52998224725',
        rg: '1234567',
        datanascimento: '1980-01-01T00:00:00.000Z',
        estadocivil: 'casado',
        sexo: 'masculino',
        cor: 'pardo',
        naturalidade: 'Recife',
        profissao: 'Pedreiro',
        email: 'pedro@exemplo.com.br',
        telefone: 81987654321,
        endereco: 'Rua A',
        numeroendereco: 1,
        bairro: 'Centro',
        cidade: 'Recife',
        estado: 'PE',
        userId: t.users.staff.id,
      },
      t.tokens.staff,
    )
  ).json().paciente
  const { agendamento } = (
    await call(
      'POST',
      '/agendamento/register',
      {
        datahora: `${addDays(clinicToday(), 1)}T10:00:00.000Z`,
        valorIncents: 20_000,
        estaPago: false,
        exames: ['RX'],
        userId: t.users.staff.id,
        pacienteId: paciente.id,
        medicoId: medico.id,
      },
      t.tokens.staff,
    )
  ).json()
  const pay = () =>
    call(
      'POST',
      '/pagamento/register',
      { agendamentoId: agendamento.id, forma: 'dinheiro', valorIncents: 10_000, data: clinicToday() },
      t.tokens.staff,
    )
  const answers = await Promise.all([pay(), pay()])
  expect(answers.map((a) => a.statusCode)).toEqual([201, 201])
  const found = (await call('POST', '/agendamento/findbyid', { id: agendamento.id }, t.tokens.staff)).json()
  expect(found.agendamento.estapago).toBe(true)
})
