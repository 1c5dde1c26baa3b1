// Each patient carries itself as the lists answer it, JSON text written by PostgreSQL's trigger (migration
// 0014): the pages and the name search answer those texts joined. Whatever changes a patient — a register,
// an update, a deactivation and its undoing, a change made in plain SQL — its text must equal the patient as
// findById reads it through Node (the oracle), field for field and in the same key order, and the lists must
// answer exactly those patients.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Paciente } from '@contract'
import * as pacientesRepo from '../../server/repositories/pacientes'
import { createTestApp, type TestApp } from '../support/api-app'
import { call, createPaciente, expectStatus, expectWrittenJsonAsRead, pacienteBody } from './helpers'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

/** Every patient's written text beside what findById makes of it. */
async function expectEveryTextCurrent() {
  const { rows } = await t.db.execute<{ id: string; json: string }>(
    sql`select id, paciente_json as json from pacientes order by nome_busca collate "C", id`,
  )
  await expectWrittenJsonAsRead(rows, (id) => pacientesRepo.findById(t.db, id))
}

const listed = async (name: 'listPacientes' | 'listPacientesInativos') =>
  expectStatus<{ pacientes: Paciente[] }>(await call(t, name, 'admin', { page: 1 }), 200).pacientes

describe("a patient's written answer", () => {
  let ana: Paciente
  let bia: Paciente

  it('is written at every register, with the optional fields, accents, quotes and backslashes as given', async () => {
    ana = await createPaciente(t, { nome: 'Ana Conceição Araújo', nomesocial: 'Aninha', complemento: 'apto 2' })
    bia = await createPaciente(t, {
      nome: 'Bia Barra',
      complemento: 'bloco "B" \\ fundos',
      datanascimento: '1999-12-31T23:59:59.999Z',
      cep: '40000000',
      aceitaMensagens: false,
    })
    await expectEveryTextCurrent()
    // the list answers them, in its order, exactly as findById reads them
    expect(await listed('listPacientes')).toStrictEqual([
      await pacientesRepo.findById(t.db, ana.id),
      await pacientesRepo.findById(t.db, bia.id),
    ])
    // sent as one UTF-8 buffer (serializer.ts, JsonAnswer): JSON's type, and the length of its bytes
    const response = await call(t, 'listPacientes', 'staff', { page: 1 })
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect(response.rawPayload.length).toBeGreaterThan(response.body.length) // 'ç', 'ã', 'ú': two bytes each
    const found = expectStatus<{ pacientes: Paciente[] }>(
      await call(t, 'findPacientesByNome', 'staff', { nomer: 'barra', page: 1 }),
      200,
    ).pacientes
    expect(found).toStrictEqual([await pacientesRepo.findById(t.db, bia.id)])
  })

  it('follows an update, a deactivation and its undoing, and changes made in PostgreSQL', async () => {
    const { userId: _userId, ...fields } = pacienteBody(t, { cpf: ana.cpf, rg: ana.rg })
    ana = expectStatus<{ paciente: Paciente }>(
      await call(t, 'updatePaciente', 'staff', { ...fields, nome: 'Ana Lúcia', id: ana.id, versao: ana.versao }),
      200,
    ).paciente
    expect(ana).toMatchObject({ nome: 'ana lúcia', versao: 2 })
    await expectEveryTextCurrent()
    expect((await listed('listPacientes')).map((p) => p.nome)).toContain('ana lúcia')

    expectStatus(await call(t, 'deletePaciente', 'staff', { id: bia.id }), 200)
    await expectEveryTextCurrent()
    expect((await listed('listPacientesInativos')).map((p) => [p.id, p.ativo])).toEqual([[bia.id, false]])
    expectStatus(await call(t, 'ativarPaciente', 'admin', { id: bia.id }), 200)
    expect(await listed('listPacientesInativos')).toEqual([])

    await t.db.execute(sql`update pacientes set telefone = 11912345678, numeroendereco = 7 where id = ${bia.id}`)
    await expectEveryTextCurrent()
    expect((await listed('listPacientes')).find((p) => p.id === bia.id)).toMatchObject({
      telefone: 11912345678,
      numeroendereco: 7,
    })
  })
})
