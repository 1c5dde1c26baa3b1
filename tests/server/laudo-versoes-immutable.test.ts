// Migration 0020 (issue 36): a released laudo version is immutable in the database itself, whoever asks; a
// draft stays editable, and one laudo per appointment exam.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstId, insertUserAndPatient } from '../support/raw-rows'
import { createTestDatabase, type TestDatabase } from '../support/test-database'

let database: TestDatabase
const ids = { user: '', paciente: '', medico: '', exame: '', agendamento: '', laudo: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  const q = firstId(database)
  Object.assign(ids, await insertUserAndPatient(database))
  ids.medico = await q(`INSERT INTO medicos (nome) VALUES ('m') RETURNING id`)
  ids.exame = await q(`INSERT INTO exames (nome, modalidade, duracao) VALUES ('Mamografia', 'MMG', 20) RETURNING id`)
  ids.agendamento = await q(
    `INSERT INTO agendamentos (datahora, fim, valor_in_cents, exames, user_id, paciente_id, medico_id)
     VALUES ('2031-03-10T13:00:00Z', '2031-03-10T13:20:00Z', 0, '{Mamografia}', $1, $2, $3) RETURNING id`,
    [ids.user, ids.paciente, ids.medico],
  )
  ids.laudo = await q(`INSERT INTO laudos (agendamento_id, exame_id, medico_id) VALUES ($1, $2, $3) RETURNING id`, [
    ids.agendamento,
    ids.exame,
    ids.medico,
  ])
})
afterAll(async () => {
  await database?.drop()
})

const version = (versao: number, liberado: boolean) =>
  database.pool.query(
    `INSERT INTO laudo_versoes (laudo_id, versao, relatorio, salvo_por, liberado_em, sha256)
     VALUES ($1, $2, 'Sem alterações.', $3, $4, $5)`,
    [ids.laudo, versao, ids.user, liberado ? new Date() : null, liberado ? 'ab'.repeat(32) : null],
  )

describe('laudo_versoes', () => {
  it('keeps a draft editable and removable', async () => {
    await version(1, false)
    await database.pool.query(`UPDATE laudo_versoes SET relatorio = 'Achados.', revisao = revisao + 1 WHERE versao = 1`)
    const { rows } = await database.pool.query(`SELECT relatorio, revisao FROM laudo_versoes WHERE versao = 1`)
    expect(rows[0]).toEqual({ relatorio: 'Achados.', revisao: 1 })
    await database.pool.query(`DELETE FROM laudo_versoes WHERE versao = 1`)
  })

  it('refuses any UPDATE or DELETE of a released version, and keeps its bytes', async () => {
    await version(1, false)
    // releasing the draft is the last change it may take
    await database.pool.query(`UPDATE laudo_versoes SET liberado_em = now(), sha256 = $1 WHERE versao = 1`, [
      'cd'.repeat(32),
    ])
    await expect(
      database.pool.query(`UPDATE laudo_versoes SET relatorio = 'Outro texto.' WHERE versao = 1`),
    ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('laudo liberado é imutável') })
    await expect(
      database.pool.query(`UPDATE laudo_versoes SET liberado_em = NULL WHERE versao = 1`),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(database.pool.query(`DELETE FROM laudo_versoes WHERE versao = 1`)).rejects.toMatchObject({
      code: '42501',
    })
    const { rows } = await database.pool.query(`SELECT relatorio, sha256 FROM laudo_versoes WHERE versao = 1`)
    expect(rows[0]).toEqual({ relatorio: 'Sem alterações.', sha256: 'cd'.repeat(32) })
    // a retification is a new version beside it
    await expect(version(2, true)).resolves.toBeTruthy()
  })

  it('keeps one laudo per appointment exam and a BI-RADS category between 0 and 6', async () => {
    await expect(
      database.pool.query(`INSERT INTO laudos (agendamento_id, exame_id) VALUES ($1, $2)`, [
        ids.agendamento,
        ids.exame,
      ]),
    ).rejects.toMatchObject({ code: '23505', constraint: 'laudos_agendamento_exame_unique' })
    await expect(
      database.pool.query(`INSERT INTO laudo_versoes (laudo_id, versao, birads) VALUES ($1, 9, 7)`, [ids.laudo]),
    ).rejects.toMatchObject({ code: '23514', constraint: 'laudo_versoes_birads_check' })
  })
})
