// TISS data entry (issue 37 points 1–3) through the API: a convênio's codes, a patient's cards, the
// solicitantes, an appointment's guia with our number (distinct under concurrency), the booking's warnings,
// bad input answered in Portuguese, and 'Realizado' refused without the senha an exam requires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, formatDate, messages, PARTICULAR_ID, type Agendamento, type GuiaTiss } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import {
  agendamentoBody,
  call,
  clinicDateTime,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  UNKNOWN_ID,
} from './helpers'

let t: TestApp
let convenioId: string
let exameId: string
let pacienteId: string
let medicoId: string

beforeAll(async () => {
  t = await createTestApp()
  convenioId = expectStatus<{ convenio: { id: string } }>(
    await call(t, 'registerConvenio', 'admin', { nome: 'Saúde Total', ans: '123456' }),
    201,
  ).convenio.id
  exameId = expectStatus<{ exame: { id: string } }>(
    await call(t, 'registerExame', 'admin', {
      nome: 'Ressonância de crânio',
      modalidade: 'RM',
      duracao: 30,
      tuss: '41101014',
    }),
    201,
  ).exame.id
  pacienteId = (await createPaciente(t)).id
  medicoId = (await createMedico(t)).id
})
afterAll(async () => {
  await t?.close()
})

async function book(days: number, time: string, convenio = convenioId): Promise<Agendamento> {
  const body = agendamentoBody(
    t,
    { pacienteId, medicoId },
    { datahora: clinicDateTime(days, time), exameIds: [exameId], convenioId: convenio, valorIncents: 50_000 },
  )
  return expectStatus<{ agendamento: Agendamento }>(await call(t, 'registerAgendamento', 'staff', body), 201)
    .agendamento
}

describe('a convênio’s TISS settings', () => {
  it('answer the defaults until ADMIN saves them, then what was saved', async () => {
    type List = { convenios: { convenioId: string; codigoPrestador: string; guiasPorLote: number }[] }
    const before = expectStatus<List>(await call(t, 'tissConvenios', 'staff'), 200)
    expect(before.convenios.find((c) => c.convenioId === convenioId)).toEqual({
      convenioId,
      codigoPrestador: '',
      versaoTiss: '04.03.00',
      guiasPorLote: 100,
      examesComAutorizacao: [],
    })
    const saved = expectStatus(
      await call(t, 'definirConvenioTiss', 'admin', {
        convenioId,
        codigoPrestador: '000123',
        guiasPorLote: 50,
        examesComAutorizacao: [exameId],
      }),
      200,
    )
    expect(saved.convenio).toEqual({
      convenioId,
      codigoPrestador: '000123',
      versaoTiss: '04.03.00',
      guiasPorLote: 50,
      examesComAutorizacao: [exameId],
    })
    const after = expectStatus<List>(await call(t, 'tissConvenios', 'staff'), 200)
    expect(after.convenios.find((c) => c.convenioId === convenioId)).toEqual(saved.convenio)
  })

  it('refuse bad input in Portuguese, changing nothing; only ADMIN saves them', async () => {
    expectError(
      await call(t, 'definirConvenioTiss', 'admin', { convenioId, codigoPrestador: '12', guiasPorLote: 101 }),
      400,
      messages.tissGuiasPorLoteInvalid,
    )
    expectError(
      await call(t, 'definirConvenioTiss', 'admin', { convenioId, codigoPrestador: '12-34', guiasPorLote: 10 }),
      400,
      messages.tissCodigoPrestadorInvalid,
    )
    expectError(
      await call(t, 'definirConvenioTiss', 'admin', { convenioId, codigoPrestador: '1', versaoTiss: '03.05.00' }),
      400,
      messages.tissVersaoInvalid,
    )
    expectError(
      await call(t, 'definirConvenioTiss', 'admin', { convenioId: UNKNOWN_ID, codigoPrestador: '1' }),
      404,
      messages.convenioNotFound,
    )
    expectError(
      await call(t, 'definirConvenioTiss', 'admin', {
        convenioId,
        codigoPrestador: '1',
        examesComAutorizacao: [UNKNOWN_ID],
      }),
      404,
      messages.exameNotFound,
    )
    expectError(
      await call(t, 'definirConvenioTiss', 'staff', { convenioId, codigoPrestador: '1' }),
      403,
      messages.forbidden,
    )
    const list = expectStatus<{ convenios: { convenioId: string; codigoPrestador: string }[] }>(
      await call(t, 'tissConvenios', 'staff'),
      200,
    )
    expect(list.convenios.find((c) => c.convenioId === convenioId)?.codigoPrestador).toBe('000123')
  })
})

describe('a patient’s cards', () => {
  it('keep one card per convênio: saving again replaces it', async () => {
    const first = expectStatus(
      await call(t, 'definirCarteirinha', 'staff', {
        pacienteId,
        convenioId,
        numero: '0001 2345',
        plano: 'Ouro',
        validade: '2031-05-31',
      }),
      200,
    )
    const second = expectStatus(
      await call(t, 'definirCarteirinha', 'staff', {
        pacienteId,
        convenioId,
        numero: '0009',
        plano: 'Prata',
        validade: '',
      }),
      200,
    )
    expect((second.carteirinha as { id: string }).id).toBe((first.carteirinha as { id: string }).id)
    const list = expectStatus(await call(t, 'carteirinhasPaciente', 'staff', { pacienteId }), 200)
    expect(list.carteirinhas).toEqual([
      {
        id: (first.carteirinha as { id: string }).id,
        pacienteId,
        convenioId,
        numero: '0009',
        plano: 'Prata',
        validade: null,
      },
    ])
  })

  it('refuse a bad card, date or unknown patient in Portuguese', async () => {
    expectError(
      await call(t, 'definirCarteirinha', 'staff', { pacienteId, convenioId, numero: '' }),
      400,
      messages.required,
    )
    expectError(
      await call(t, 'definirCarteirinha', 'staff', { pacienteId, convenioId, numero: '12/34' }),
      400,
      messages.tissCarteirinhaInvalid,
    )
    expectError(
      await call(t, 'definirCarteirinha', 'staff', { pacienteId, convenioId, numero: '1', validade: '2031-02-30' }),
      400,
      messages.invalidDateTime,
    )
    expectError(
      await call(t, 'definirCarteirinha', 'staff', { pacienteId: UNKNOWN_ID, convenioId, numero: '1' }),
      404,
      messages.patientNotFound,
    )
    expectError(await call(t, 'removerCarteirinha', 'staff', { id: UNKNOWN_ID }), 404, messages.tissCarteirinhaNotFound)
  })
})

describe('solicitantes', () => {
  it('are a list kept by the desk, one per council registration', async () => {
    const body = { nome: 'Júlia Prado', conselho: 'CRM', numero: '123456', uf: 'SP', cbo: '225125' }
    const created = expectStatus(await call(t, 'registerSolicitante', 'staff', body), 201)
    expect(created.solicitante).toMatchObject(body)
    expectError(await call(t, 'registerSolicitante', 'staff', body), 409, messages.tissSolicitanteTaken)
    expectError(await call(t, 'registerSolicitante', 'staff', { ...body, cbo: '2251' }), 400, messages.tissCboInvalid)
    expectError(
      await call(t, 'registerSolicitante', 'staff', { ...body, conselho: 'XYZ' }),
      400,
      messages.tissConselhoInvalid,
    )
    expectError(
      await call(t, 'updateSolicitante', 'staff', { ...body, id: UNKNOWN_ID }),
      404,
      messages.tissSolicitanteNotFound,
    )
    const list = expectStatus(await call(t, 'solicitantes', 'staff'), 200)
    expect(list.solicitantes).toContainEqual(created.solicitante)
  })
})

describe('an appointment’s guia', () => {
  it('gets our next number on its first save and keeps it; warnings name what expires first', async () => {
    const a = await book(3, '09:00')
    expect(expectStatus(await call(t, 'guiaTiss', 'staff', { agendamentoId: a.id }), 200).guia).toBeNull()
    const solicitante = expectStatus<{ solicitante: { id: string } }>(
      await call(t, 'registerSolicitante', 'staff', {
        nome: 'Rui Melo',
        conselho: 'CRO',
        numero: '777',
        uf: 'RJ',
        cbo: '223208',
      }),
      201,
    ).solicitante
    const day = addDays(clinicToday(), 3)
    const expired = addDays(clinicToday(), 1)
    expectStatus(
      await call(t, 'definirCarteirinha', 'staff', { pacienteId, convenioId, numero: '55', validade: expired }),
      200,
    )
    const saved = expectStatus<{ guia: GuiaTiss; avisos: string[] }>(
      await call(t, 'definirGuiaTiss', 'staff', {
        agendamentoId: a.id,
        senhaAutorizacao: 'ABC123',
        dataAutorizacao: clinicToday(),
        validadeSenha: expired,
        numeroGuiaOperadora: '99887766',
        solicitanteId: solicitante.id,
        carater: '2',
        indicacaoClinica: 'Cefaleia crônica',
      }),
      200,
    )
    expect(saved.guia).toMatchObject({
      agendamentoId: a.id,
      convenioId,
      senhaAutorizacao: 'ABC123',
      numeroGuiaOperadora: '99887766',
      validadeSenha: expired,
      carater: '2',
      indicacaoClinica: 'Cefaleia crônica',
      solicitante: { id: solicitante.id, nome: 'Rui Melo', conselho: 'CRO' },
    })
    expect(saved.avisos).toEqual([
      messages.tissCarteirinhaVencida.replace('{data}', formatDate(expired)),
      messages.tissSenhaVencida.replace('{data}', formatDate(expired)),
    ])
    expect(expired < day).toBe(true)
    // the appointment's own fields are the ones written
    const detalhes = expectStatus(await call(t, 'detalhesAgendamento', 'staff', { id: a.id }), 200)
    expect(detalhes.detalhes).toMatchObject({ senhaAutorizacao: 'ABC123', guia: '99887766' })
    const again = expectStatus<{ guia: GuiaTiss; avisos: string[] }>(
      await call(t, 'definirGuiaTiss', 'staff', { agendamentoId: a.id, validadeSenha: day, carater: '1' }),
      200,
    )
    expect(again.guia.numeroGuiaPrestador).toBe(saved.guia.numeroGuiaPrestador)
    expect(again.avisos).toEqual([messages.tissCarteirinhaVencida.replace('{data}', formatDate(expired))])
  })

  it('numbers two guias saved at once distinctly and in sequence', async () => {
    const [a, b, c] = [await book(4, '09:00'), await book(4, '10:00'), await book(4, '11:00')]
    const answers = await Promise.all(
      [a, b, c].map((x) => call(t, 'definirGuiaTiss', 'staff', { agendamentoId: x.id, carater: '1' })),
    )
    const numbers = answers.map((r) => expectStatus<{ guia: GuiaTiss }>(r, 200).guia.numeroGuiaPrestador)
    expect(new Set(numbers).size).toBe(3)
    const sorted = [...numbers].sort((x, y) => x - y)
    expect(sorted[2]! - sorted[0]!).toBe(2)
  })

  it('is only for a convênio appointment; bad input is refused in Portuguese', async () => {
    const particular = await book(5, '09:00', PARTICULAR_ID)
    expectError(
      await call(t, 'definirGuiaTiss', 'staff', { agendamentoId: particular.id }),
      409,
      messages.tissNotConvenio,
    )
    const a = await book(5, '10:00')
    expectError(
      await call(t, 'definirGuiaTiss', 'staff', { agendamentoId: a.id, carater: '3' }),
      400,
      messages.tissCaraterInvalid,
    )
    expectError(
      await call(t, 'definirGuiaTiss', 'staff', {
        agendamentoId: a.id,
        dataAutorizacao: '2026-11-20',
        validadeSenha: '2026-11-19',
      }),
      400,
      messages.tissValidadeAntesDaData,
    )
    expectError(
      await call(t, 'definirGuiaTiss', 'staff', { agendamentoId: a.id, solicitanteId: UNKNOWN_ID }),
      404,
      messages.tissSolicitanteNotFound,
    )
    expectError(await call(t, 'guiaTiss', 'staff', { agendamentoId: UNKNOWN_ID }), 404, messages.appointmentNotFound)
    expect(expectStatus(await call(t, 'guiaTiss', 'staff', { agendamentoId: a.id }), 200).guia).toBeNull()
  })
})

describe('Realizado', () => {
  async function moveTo(a: { id: string; versao: number }, status: string) {
    return call(t, 'moverStatus', 'staff', { id: a.id, versao: a.versao, status })
  }

  it('asks for the senha when the convênio requires an authorisation for the exam', async () => {
    let a: { id: string; versao: number } = await book(6, '09:00')
    for (const status of ['aguardando', 'em_atendimento'])
      a = expectStatus<{ agendamento: Agendamento }>(await moveTo(a, status), 200).agendamento
    expectError(await moveTo(a, 'realizado'), 409, messages.tissSenhaObrigatoria)
    expectStatus(await call(t, 'definirGuiaTiss', 'staff', { agendamentoId: a.id, senhaAutorizacao: 'S1' }), 200)
    const current = expectStatus<{ agendamento: Agendamento }>(
      await call(t, 'findAgendamento', 'staff', { id: a.id }),
      200,
    )
    expect(
      expectStatus<{ agendamento: Agendamento }>(await moveTo(current.agendamento, 'realizado'), 200).agendamento
        .status,
    ).toBe('realizado')
  })
})
