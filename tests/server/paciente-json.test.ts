// PostgreSQL is the one writer of a patient's answer (migration 0030: paciente_json(), which the trigger of
// migration 0014 calls to keep `paciente_json`), and every call that answers a Paciente answers that text. It is
// held to the contract's zod schema, strictly — every key of the schema in the schema's order, each of its type —
// for a patient with every optional field of the form set and one with none (their defaults), so a field added to
// the contract but not to paciente_json() fails here. Whatever changes a patient — a register, an update, a
// deactivation and its undoing, a change made in plain SQL — its kept text must be what the function writes now
// and hold the values sent; the lists, the name search and the single-patient calls answer exactly those texts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Paciente } from '@contract'
import { createTestApp, type TestApp } from '../support/api-app'
import { keysOf, strict } from './contract-shape'
import { call, expectStatus, pacienteBody } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** The contract's shape of one answer: every key in the schema's order, each of its type, no other. */
function expectContractShape(paciente: unknown) {
  expect(strict(Paciente).safeParse(paciente).error).toBeUndefined()
  expect(Object.keys(paciente as object)).toEqual(keysOf(Paciente.shape, 'all'))
}

/** What paciente_json() writes for a row now (the function itself), which the kept column must equal. */
async function written(id: string): Promise<Paciente> {
  const { rows } = await t.db.execute<{ json: string; kept: string }>(
    sql`select paciente_json(p) as json, p.paciente_json as kept from pacientes p where p.id = ${id}`,
  )
  expect(rows).toHaveLength(1)
  expect(rows[0]!.kept).toBe(rows[0]!.json)
  const paciente = JSON.parse(rows[0]!.json) as Paciente
  expectContractShape(paciente)
  return paciente
}

/** Every patient's kept text is the one writer's, of the contract's shape. */
async function expectEveryTextCurrent() {
  const { rows } = await t.db.execute<{ id: string; json: string; kept: string }>(
    sql`select id, paciente_json(p) as json, p.paciente_json as kept from pacientes p`,
  )
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    expect(row.kept).toBe(row.json)
    expectContractShape(JSON.parse(row.json))
  }
}

type Body = ReturnType<typeof pacienteBody>

/** The answer a register (or an update) of `body` must give: the values sent, as the contract keeps them (names lowercased). */
function expected(body: Body & Record<string, unknown>, kept: { id: string; ativo?: boolean; versao?: number }) {
  return {
    id: kept.id,
    nome: body.nome.toLowerCase(),
    cpf: body.cpf,
    rg: body.rg,
    datanascimento: body.datanascimento,
    estadocivil: body.estadocivil,
    sexo: body.sexo,
    cor: body.cor,
    naturalidade: body.naturalidade,
    profissao: body.profissao,
    email: body.email,
    telefone: body.telefone,
    endereco: body.endereco,
    numeroendereco: body.numeroendereco,
    bairro: body.bairro,
    cidade: body.cidade,
    estado: body.estado,
    cep: body.cep ?? '',
    complemento: body.complemento ?? '',
    nomesocial: String(body.nomesocial ?? '').toLowerCase(),
    userId: t.users.staff.id,
    ativo: kept.ativo ?? true,
    aceitaMensagens: body.aceitaMensagens ?? true,
    versao: kept.versao ?? 1,
  }
}

async function register(body: Body): Promise<Paciente> {
  return expectStatus<{ paciente: Paciente }>(await call(t, 'registerPaciente', 'staff', body), 201).paciente
}

const listed = async (name: 'listPacientes' | 'listPacientesInativos') =>
  expectStatus<{ pacientes: Paciente[] }>(await call(t, name, 'admin', { page: 1 }), 200).pacientes

/** An answer is the written text: the same values, in the same key order. */
function expectSameText(answer: unknown, text: Paciente) {
  expect(answer).toStrictEqual(text)
  expect(Object.keys(answer as object)).toEqual(Object.keys(text))
}

describe("a patient's answer, as PostgreSQL writes it", () => {
  let ana: Paciente
  let bia: Paciente
  let anaBody: Body
  let biaBody: Body

  it('with every optional field set, accents, quotes and backslashes: the contract’s keys, the values sent', async () => {
    biaBody = pacienteBody(t, {
      nome: 'Bia Barra',
      complemento: 'bloco "B" \\ fundos',
      datanascimento: '1999-12-31T23:59:59.999Z',
      cep: '40000000',
      nomesocial: 'Bibi',
      aceitaMensagens: false,
    })
    bia = await register(biaBody)
    expectSameText(bia, await written(bia.id))
    expect(bia).toStrictEqual(expected(biaBody, { id: bia.id }))
    expect(bia).toMatchObject({
      nome: 'bia barra',
      nomesocial: 'bibi',
      complemento: 'bloco "B" \\ fundos',
      aceitaMensagens: false,
    })
  })

  it('with none of them: their defaults, every key still there', async () => {
    anaBody = pacienteBody(t, { nome: 'Ana Conceição Araújo' })
    for (const optional of ['cep', 'complemento', 'nomesocial', 'aceitaMensagens'])
      expect(anaBody).not.toHaveProperty(optional)
    ana = await register(anaBody)
    expectSameText(ana, await written(ana.id))
    expect(ana).toStrictEqual(expected(anaBody, { id: ana.id }))
    expect(ana).toMatchObject({
      nome: 'ana conceição araújo',
      cep: '',
      complemento: '',
      nomesocial: '',
      aceitaMensagens: true,
    })
    await expectEveryTextCurrent()
  })

  it('the lists, the name search and the single-patient calls answer that text', async () => {
    expect(await listed('listPacientes')).toStrictEqual([await written(ana.id), await written(bia.id)])
    // sent as one UTF-8 buffer (serializer.ts, JsonAnswer): JSON's type, and the length of its bytes
    const response = await call(t, 'listPacientes', 'staff', { page: 1 })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect(response.rawPayload.length).toBeGreaterThan(response.body.length) // 'ç', 'ã', 'ú': two bytes each
    const found = expectStatus<{ pacientes: Paciente[] }>(
      await call(t, 'findPacientesByNome', 'staff', { nomer: 'barra', page: 1 }),
      200,
    ).pacientes
    expect(found).toStrictEqual([await written(bia.id)])

    for (const patient of [ana, bia]) {
      const text = await written(patient.id)
      const answers = [
        await call(t, 'findPaciente', 'staff', { id: patient.id }),
        await call(t, 'findPacienteByCpf', 'staff', { cpf: patient.cpf }),
        await call(t, 'findPacienteByRg', 'staff', { rg: patient.rg }),
      ]
      for (const answer of answers) expectSameText(expectStatus<{ paciente: Paciente }>(answer, 200).paciente, text)
      const exported = await call(t, 'exportarPaciente', 'admin', { id: patient.id })
      expectSameText(expectStatus<{ paciente: Paciente }>(exported, 200).paciente, text)
    }
  })

  it('follows an update, a deactivation and its undoing, and changes made in PostgreSQL', async () => {
    const { userId: _userId, ...fields } = anaBody
    const updated = expectStatus<{ paciente: Paciente }>(
      await call(t, 'updatePaciente', 'staff', { ...fields, nome: 'Ana Lúcia', id: ana.id, versao: ana.versao }),
      200,
    ).paciente
    expectSameText(updated, await written(ana.id))
    expect(updated).toStrictEqual(expected({ ...anaBody, nome: 'Ana Lúcia' }, { id: ana.id, versao: 2 }))
    await expectEveryTextCurrent()
    expect((await listed('listPacientes')).map((p) => p.nome)).toContain('ana lúcia')

    expectStatus(await call(t, 'deletePaciente', 'staff', { id: bia.id }), 200)
    await expectEveryTextCurrent()
    const inactive = await written(bia.id)
    expect(inactive).toStrictEqual(expected(biaBody, { id: bia.id, ativo: false, versao: 2 }))
    expect(await listed('listPacientesInativos')).toStrictEqual([inactive])
    expectStatus(await call(t, 'ativarPaciente', 'admin', { id: bia.id }), 200)
    expect(await written(bia.id)).toStrictEqual(expected(biaBody, { id: bia.id, versao: 3 }))
    expect(await listed('listPacientesInativos')).toEqual([])

    await t.db.execute(sql`update pacientes set telefone = 11912345678, numeroendereco = 7 where id = ${bia.id}`)
    await expectEveryTextCurrent()
    expect(await written(bia.id)).toMatchObject({ telefone: 11912345678, numeroendereco: 7 })
    expect((await listed('listPacientes')).find((p) => p.id === bia.id)).toStrictEqual(await written(bia.id))
  })
})
