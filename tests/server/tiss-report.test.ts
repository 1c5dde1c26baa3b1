// TISS in the reports through the API (issue 37 point 5): per convênio and month, what was booked beside what went
// into batches, what was paid and what was glossed, figures worked out by hand from rows written straight into the
// tables: a month's last evening stays in its month, 'Particular' and cancelled bookings are left out, a
// 'Recurso' keeps its glosa, a guia with no return yet is counted as awaiting.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { messages, PARTICULAR_ID, type RelatorioFaturamento } from '@contract'
import { testAppPerFile } from '../support/test-app-per-file'
import { call, expectError, expectStatus } from './helpers'

const t = testAppPerFile()
const ids = { sul: '', norte: '' }

async function id(query: ReturnType<typeof sql>): Promise<string> {
  const result = await t.db.execute<{ id: string }>(query)
  return result.rows[0]!.id
}

beforeAll(async () => {
  const user = t.users.admin.id
  ids.sul = await id(sql`insert into convenios (nome, ans) values ('Saúde Sul', '123456') returning id`)
  ids.norte = await id(sql`insert into convenios (nome, ans) values ('Amparo Norte', '654321') returning id`)
  const medico = await id(sql`insert into medicos (nome) values ('Sérgio Lúcio') returning id`)
  const paciente = await id(sql`
    insert into pacientes (nome, nome_busca, cpf, rg, datanascimento, estadocivil, sexo, cor, naturalidade, profissao,
       email, telefone, endereco, numeroendereco, bairro, cidade, estado, user_id)
    values ('João Conceição', 'joao conceicao', '52998224725', '123456', '1980-01-01', 'solteiro', 'masculino', 'pardo',
       'x', 'x', 'j@x.test', 11999999999, 'x', 1, 'x', 'x', 'SP', ${user})
    returning id`)
  const lotes: Record<string, string> = {}
  let guiaNumber = 0
  /** An appointment at the clinic's wall-clock `datahora`, booked with `convenio`, and its guia when billed. */
  async function booking(
    datahora: string,
    convenio: string,
    valor: number,
    status: string,
    guia?: { situacao: string; pago: number | null },
  ) {
    const agendamento = await id(sql`
      insert into agendamentos (datahora, fim, valor_in_cents, exames, user_id, paciente_id, medico_id, status)
      values (${`${datahora}:00Z`}::timestamptz, ${`${datahora}:00Z`}::timestamptz + interval '20 minutes',
              ${valor}, array['RX de tórax']::text[], ${user}, ${paciente}, ${medico}, ${status})
      returning id`)
    await t.db.execute(sql`
      insert into agendamento_catalogo (agendamento_id, convenio_id) values (${agendamento}, ${convenio})`)
    if (!guia) return
    const competencia = datahora.slice(0, 7)
    lotes[`${convenio} ${competencia}`] ??= await id(sql`
      insert into tiss_lotes (convenio_id, numero, competencia, xml, hash, gerado_por)
      values (${convenio}, ${Object.keys(lotes).length + 1}, ${competencia}, '\\x00'::bytea, ${'0'.repeat(32)}, ${user})
      returning id`)
    await t.db.execute(sql`
      insert into tiss_lote_guias (lote_id, convenio_id, agendamento_id, numero_guia, paciente, valor_in_cents,
                                   situacao, valor_pago_in_cents)
      values (${lotes[`${convenio} ${competencia}`]}, ${convenio}, ${agendamento}, ${String(++guiaNumber)},
              'João Conceição', ${valor}, ${guia.situacao}, ${guia.pago})`)
  }
  // Saúde Sul, March 2025: paid in full; glossed in part (paid 40,00 of 150,00); in recurso (paid 0 of 90,00);
  // awaiting its return, booked at 23:30 on the month's last day; one cancelled, one realized but not billed
  await booking('2025-03-03T09:00', ids.sul, 20_000, 'realizado', { situacao: 'pago', pago: 20_000 })
  await booking('2025-03-10T10:00', ids.sul, 15_000, 'realizado', { situacao: 'glosado', pago: 4_000 })
  await booking('2025-03-17T11:00', ids.sul, 9_000, 'realizado', { situacao: 'recurso', pago: 0 })
  await booking('2025-03-31T23:30', ids.sul, 7_000, 'realizado', { situacao: 'aguardando', pago: null })
  await booking('2025-03-20T08:00', ids.sul, 30_000, 'cancelado')
  await booking('2025-03-21T08:00', ids.sul, 11_000, 'realizado')
  // Saúde Sul, April 2025: booked at midnight on the 1st, not billed
  await booking('2025-04-01T00:00', ids.sul, 5_000, 'agendado')
  // Amparo Norte, March 2025: one guia paid
  await booking('2025-03-12T14:00', ids.norte, 12_500, 'realizado', { situacao: 'pago', pago: 12_500 })
  // Particular is paid at the desk: never in this report
  await booking('2025-03-12T15:00', PARTICULAR_ID, 99_000, 'realizado')
})

const report = async (de: string, ate: string) =>
  expectStatus<RelatorioFaturamento>(await call(t, 'relatorioFaturamento', 'admin', { de, ate }), 200)

describe('TISS in the reports', () => {
  it('booked, billed, received and glossed per convênio and month', async () => {
    expect(await report('2025-03-01', '2025-04-30')).toEqual({
      de: '2025-03-01',
      ate: '2025-04-30',
      linhas: [
        {
          convenioId: ids.norte,
          convenio: 'Amparo Norte',
          competencia: '2025-03',
          agendamentos: 1,
          agendadoInCents: 12_500,
          guias: 1,
          faturadoInCents: 12_500,
          recebidoInCents: 12_500,
          glosadoInCents: 0,
          aguardando: 0,
        },
        {
          convenioId: ids.sul,
          convenio: 'Saúde Sul',
          competencia: '2025-03',
          // 200 + 150 + 90 + 70 + 110 (the cancelled 300 left out)
          agendamentos: 5,
          agendadoInCents: 62_000,
          guias: 4,
          faturadoInCents: 51_000,
          // 200 paid + 40 of the glossed guia
          recebidoInCents: 24_000,
          // 150 − 40 and 90 − 0
          glosadoInCents: 20_000,
          aguardando: 1,
        },
        {
          convenioId: ids.sul,
          convenio: 'Saúde Sul',
          competencia: '2025-04',
          agendamentos: 1,
          agendadoInCents: 5_000,
          guias: 0,
          faturadoInCents: 0,
          recebidoInCents: 0,
          glosadoInCents: 0,
          aguardando: 0,
        },
      ],
    })
  })

  it("the range is the appointments' days: the month's last evening alone", async () => {
    const { linhas } = await report('2025-03-31', '2025-03-31')
    expect(linhas).toEqual([
      expect.objectContaining({
        convenioId: ids.sul,
        competencia: '2025-03',
        agendamentos: 1,
        agendadoInCents: 7_000,
        faturadoInCents: 7_000,
        aguardando: 1,
      }),
    ])
    expect((await report('2025-05-01', '2025-05-31')).linhas).toEqual([])
  })

  it('the front desk reads only today', async () => {
    expectError(
      await call(t, 'relatorioFaturamento', 'staff', { de: '2025-03-01', ate: '2025-03-31' }),
      403,
      messages.reportStaffTodayOnly,
    )
  })
})
