// 'Faturamento' through the API (issue 37, docs/tiss.md): the month's realized appointments of a convênio, each
// ready or what it lacks; 'Gerar lote' stores a batch Debian's xmllint accepts against the official XSDs and
// 'Baixar XML' gives its bytes again; the batch's life. The data entry of issue 37 points 1–3 is read from its
// tables (migration 0028): the convênio's 'Código do prestador', the card kept on the patient's profile, and
// each appointment's guia (our number, the senha's dates, the requesting doctor).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tissBillingMessages, type AtendimentoFaturavel, type LoteTiss } from '@contract'
import { testAppPerFile } from '../../support/test-app-per-file'
import { call, expectError, expectStatus } from '../helpers'

const t = testAppPerFile()
const schema = fileURLToPath(new URL('../../../server/tiss/schemas/040300/tissV4_03_00.xsd', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'clinica-faturamento-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A month no other data uses. */
const COMPETENCIA = '2026-10'
let convenioId = ''
const ids = { pronta: '', semCarteirinha: '', senhaVencida: '', cartaoDoPerfil: '' }

async function id(query: ReturnType<typeof sql>): Promise<string> {
  const result = await t.db.execute<{ id: string }>(query)
  return result.rows[0]!.id
}

beforeAll(async () => {
  const user = t.users.admin.id
  await t.db.execute(sql`
    insert into clinica_configuracoes (id, nome, endereco, telefone, cnpj, modelo_mensagem, cnes)
    values (1, 'Clínica São Lucas', 'Rua A, 1', '1133334444', '12.345.678/0001-95', 'Olá', '1234567')
    on conflict (id) do update set nome = excluded.nome, cnpj = excluded.cnpj, cnes = excluded.cnes`)
  convenioId = await id(sql`insert into convenios (nome, ans) values ('Saúde Boa', '123456') returning id`)
  const comTuss = await id(
    sql`insert into exames (nome, modalidade, duracao, tuss) values ('US abdômen total', 'US', 20, '40901122') returning id`,
  )
  const semTuss = await id(
    sql`insert into exames (nome, modalidade, duracao) values ('US de partes moles', 'US', 20) returning id`,
  )
  const medico = await id(
    sql`insert into medicos (nome, crm, crm_uf) values ('Sérgio Lúcio', '654321', 'SP') returning id`,
  )
  const paciente = await id(sql`
    insert into pacientes (nome, nome_busca, cpf, rg, datanascimento, estadocivil, sexo, cor, naturalidade, profissao,
       email, telefone, endereco, numeroendereco, bairro, cidade, estado, user_id)
    values ('João Conceição', 'joao conceicao', '52998224725', '123456', '1980-01-01', 'solteiro', 'masculino', 'pardo',
       'x', 'x', 'j@x.test', 11999999999, 'x', 1, 'x', 'x', 'SP', ${user})
    returning id`)
  await t.db.execute(sql`insert into convenio_tiss (convenio_id, codigo_prestador) values (${convenioId}, 'PREST0042')`)
  const solicitante = await id(sql`
    insert into medicos_solicitantes (nome, conselho, numero, uf, cbo)
    values ('Inês Araújo', 'CRM', '123456', 'SP', '225125') returning id`)
  let guiaNumber = 0
  async function realizado(
    hour: string,
    carteirinha: string,
    exame: { id: string; nome: string },
    validadeSenha = '2026-10-30',
  ) {
    const agendamento = await id(sql`
      insert into agendamentos (datahora, fim, valor_in_cents, exames, user_id, paciente_id, medico_id, status)
      values (${`${COMPETENCIA}-15T${hour}:00Z`}::timestamptz, ${`${COMPETENCIA}-15T${hour}:00Z`}::timestamptz + interval '20 minutes',
              15000, array[${exame.nome}]::text[], ${user}, ${paciente}, ${medico}, 'realizado')
      returning id`)
    await t.db.execute(sql`
      insert into agendamento_catalogo (agendamento_id, convenio_id, carteirinha, guia, senha_autorizacao, tabela_in_cents)
      values (${agendamento}, ${convenioId}, ${carteirinha}, 'OP77', 'SENHA9', 15000)`)
    await t.db.execute(sql`
      insert into agendamento_exames (agendamento_id, posicao, exame_id, nome, valor_in_cents, duracao, preparo)
      values (${agendamento}, 0, ${exame.id}, ${exame.nome}, 15000, 20, '')`)
    await t.db.execute(sql`
      insert into tiss_guias (agendamento_id, convenio_id, numero_guia_prestador, data_autorizacao, validade_senha,
                              solicitante_id, carater, indicacao_clinica)
      values (${agendamento}, ${convenioId}, ${++guiaNumber}, '2026-10-01', ${validadeSenha}, ${solicitante}, '1',
              'Dor abdominal à direita')`)
    return agendamento
  }
  const comTussExame = { id: comTuss, nome: 'US abdômen total' }
  ids.pronta = await realizado('09:30', '0099123', comTussExame)
  ids.semCarteirinha = await realizado('10:30', '', { id: semTuss, nome: 'US de partes moles' })
  ids.senhaVencida = await realizado('11:30', '0099123', comTussExame, '2026-10-02')
  // the card left blank at booking, kept on the patient's profile: the batch takes it from there
  const outro = await id(sql`
    insert into pacientes (nome, nome_busca, cpf, rg, datanascimento, estadocivil, sexo, cor, naturalidade, profissao,
       email, telefone, endereco, numeroendereco, bairro, cidade, estado, user_id)
    select 'Lúcia Peçanha', 'lucia pecanha', '11144477735', '654321', datanascimento, estadocivil, sexo, cor, naturalidade,
       profissao, 'l@x.test', telefone, endereco, numeroendereco, bairro, cidade, estado, user_id
    from pacientes where id = ${paciente}
    returning id`)
  await t.db.execute(sql`
    insert into carteirinhas (paciente_id, convenio_id, numero, plano, validade)
    values (${outro}, ${convenioId}, '7788001', 'Enfermaria', '2027-12-31')`)
  ids.cartaoDoPerfil = await realizado('12:30', '', comTussExame)
  await t.db.execute(sql`update agendamentos set paciente_id = ${outro} where id = ${ids.cartaoDoPerfil}`)
})

const pendentes = async () =>
  expectStatus<{ atendimentos: AtendimentoFaturavel[] }>(
    await call(t, 'faturamentoPendentes', 'admin', { convenioId, competencia: COMPETENCIA }),
    200,
  ).atendimentos

describe('Faturamento', () => {
  let lote: LoteTiss

  it("lists the month's realized appointments, each ready or what it lacks", async () => {
    const list = await pendentes()
    expect(list.map((a) => [a.agendamentoId, a.paciente, a.faltas])).toEqual([
      [ids.pronta, 'João Conceição', []],
      [ids.semCarteirinha, 'João Conceição', ['Falta a carteirinha', 'Exame sem código TUSS']],
      [ids.senhaVencida, 'João Conceição', ['Senha vencida em 02/10/2026']],
      [ids.cartaoDoPerfil, 'Lúcia Peçanha', []],
    ])
  })

  it("generates a batch of the ready ones that Debian's xmllint accepts, and the same bytes on every download", async () => {
    lote = expectStatus<{ lote: LoteTiss }>(
      await call(t, 'gerarLoteTiss', 'admin', { convenioId, competencia: COMPETENCIA }),
      201,
    ).lote
    expect(lote).toMatchObject({ numero: 1, situacao: 'gerado', valorIncents: 30000 })
    // each guia keeps the number the data entry gave it
    expect(lote.guias.map((g) => [g.agendamentoId, g.numeroGuia, g.situacao])).toEqual([
      [ids.pronta, '1', 'aguardando'],
      [ids.cartaoDoPerfil, '4', 'aguardando'],
    ])
    const download = async () =>
      expectStatus<{ arquivo: string; base64: string }>(await call(t, 'xmlLoteTiss', 'admin', { id: lote.id }), 200)
    const first = await download()
    expect(first.arquivo).toBe('lote-tiss-1.xml')
    const bytes = Buffer.from(first.base64, 'base64')
    expect((await download()).base64).toBe(first.base64)
    const file = join(folder, first.arquivo)
    writeFileSync(file, bytes)
    const check = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
    expect(check.stderr).toMatch(/validates/)
    const text = bytes.toString('latin1')
    expect(text).toContain('<ans:numeroCarteira>0099123</ans:numeroCarteira>')
    expect(text).toContain('<ans:descricaoProcedimento>US abdômen total</ans:descricaoProcedimento>')
    expect(text).toContain(`<ans:hash>${lote.hash}</ans:hash>`)
    // the data entry's fields, as kept
    expect(text).toContain('<ans:numeroCarteira>7788001</ans:numeroCarteira>')
    expect(text).toContain('<ans:codigoPrestadorNaOperadora>PREST0042</ans:codigoPrestadorNaOperadora>')
    expect(text).toContain('<ans:nomeProfissional>Inês Araújo</ans:nomeProfissional>')
    expect(text).toContain('<ans:dataAutorizacao>2026-10-01</ans:dataAutorizacao>')
    expect(text).toContain('<ans:dataValidadeSenha>2026-10-30</ans:dataValidadeSenha>')
    expect(text).toContain('<ans:indicacaoClinica>Dor abdominal à direita</ans:indicacaoClinica>')
    expect(text).toContain('<ans:CBOS>225320</ans:CBOS>')
    // billed once: only the appointments still lacking data are left
    expect((await pendentes()).map((a) => a.agendamentoId)).toEqual([ids.semCarteirinha, ids.senhaVencida])
    expectError(
      await call(t, 'gerarLoteTiss', 'admin', { convenioId, competencia: COMPETENCIA }),
      400,
      tissBillingMessages.nothingReady,
    )
  })

  it("follows the batch's life: Enviado, then a guia Glosado with its code, then Recurso", async () => {
    const guia = lote.guias[0]!
    expectError(
      await call(t, 'retornoGuiaTiss', 'admin', { id: guia.id, situacao: 'pago', valorIncents: 15000 }),
      409,
      tissBillingMessages.loteNotSent,
    )
    const sent = expectStatus<{ lote: LoteTiss }>(
      await call(t, 'enviarLoteTiss', 'admin', { id: lote.id, data: '2026-11-03', protocolo: 'PROT-88' }),
      200,
    ).lote
    expect(sent).toMatchObject({ situacao: 'enviado', enviadoEm: '2026-11-03', protocolo: 'PROT-88' })
    expectError(await call(t, 'retornoGuiaTiss', 'admin', { id: guia.id, situacao: 'glosado', valorIncents: 0 }), 400)
    const glosado = expectStatus<{ lote: LoteTiss }>(
      await call(t, 'retornoGuiaTiss', 'admin', {
        id: guia.id,
        situacao: 'glosado',
        valorIncents: 0,
        glosaCodigo: '1801',
        glosaMotivo: 'Procedimento inválido',
      }),
      200,
    ).lote.guias[0]
    expect(glosado).toMatchObject({ situacao: 'glosado', glosaCodigo: '1801', glosaMotivo: 'Procedimento inválido' })
    const recurso = expectStatus<{ lote: LoteTiss }>(
      await call(t, 'recursoGuiaTiss', 'admin', { id: guia.id, data: '2026-11-20', texto: 'Código conforme a TUSS.' }),
      200,
    ).lote.guias[0]
    expect(recurso).toMatchObject({ situacao: 'recurso', recursoData: '2026-11-20' })
    const listed = expectStatus<{ lotes: LoteTiss[] }>(await call(t, 'lotesTiss', 'admin', { convenioId }), 200).lotes
    expect(listed.map((l) => [l.numero, l.situacao, l.guias[0]?.situacao])).toEqual([[1, 'enviado', 'recurso']])
  })

  it('is for ADMIN only', async () => {
    expectError(await call(t, 'faturamentoPendentes', 'staff', { convenioId, competencia: COMPETENCIA }), 403)
  })
})
