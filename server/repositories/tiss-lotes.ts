// TISS batches and their guias (issue 37, migration 0029; docs/tiss.md). A batch is generated in one transaction
// that holds the convênio's row: its number and its guias' numbers are the next of the convênio, and the unique
// indexes refuse a second guia of an appointment whatever runs at once.
import { sql } from 'drizzle-orm'
import {
  clinicWallClock,
  GUIA_A_NUMERAR,
  messages,
  TISS_MAX_GUIAS,
  tissBillingMessages as m,
  type LoteTiss,
} from '@contract'
import { HttpError } from '../plugins/errors'
import { billableAppointments } from '../tiss/batch-source'
import { buildValidBatch } from '../tiss/validate-batch'
import type { Executor } from './executor'

interface LoteRow extends Record<string, unknown> {
  id: string
  convenio_id: string
  numero: number
  competencia: string
  situacao: 'gerado' | 'enviado'
  gerado_em: Date
  enviado_em: string | null
  protocolo: string | null
  hash: string
  guias: {
    id: string
    agendamento_id: string
    numero_guia: string
    paciente: string
    valor_in_cents: number
    situacao: 'aguardando' | 'pago' | 'glosado' | 'recurso'
    valor_pago_in_cents: number | null
    glosa_codigo: string | null
    glosa_motivo: string | null
    recurso_texto: string | null
    recurso_data: string | null
  }[]
}

function toLote(row: LoteRow): LoteTiss {
  const guias = row.guias.map((g) => ({
    id: g.id,
    agendamentoId: g.agendamento_id,
    numeroGuia: g.numero_guia,
    paciente: g.paciente,
    valorIncents: g.valor_in_cents,
    situacao: g.situacao,
    valorPagoIncents: g.valor_pago_in_cents,
    glosaCodigo: g.glosa_codigo,
    glosaMotivo: g.glosa_motivo,
    recursoTexto: g.recurso_texto,
    recursoData: g.recurso_data,
  }))
  return {
    id: row.id,
    convenioId: row.convenio_id,
    numero: row.numero,
    competencia: row.competencia,
    situacao: row.situacao,
    geradoEm: new Date(row.gerado_em).toISOString(),
    enviadoEm: row.enviado_em,
    protocolo: row.protocolo,
    hash: row.hash,
    valorIncents: guias.reduce((sum, g) => sum + g.valorIncents, 0),
    guias,
  }
}

const LOTE_SELECT = sql`
  select l.id, l.convenio_id, l.numero, l.competencia, l.situacao, l.gerado_em, l.enviado_em::text as enviado_em,
         l.protocolo, l.hash,
         coalesce((select json_agg(json_build_object(
                    'id', g.id, 'agendamento_id', g.agendamento_id, 'numero_guia', g.numero_guia,
                    'paciente', g.paciente, 'valor_in_cents', g.valor_in_cents, 'situacao', g.situacao,
                    'valor_pago_in_cents', g.valor_pago_in_cents, 'glosa_codigo', g.glosa_codigo,
                    'glosa_motivo', g.glosa_motivo, 'recurso_texto', g.recurso_texto,
                    'recurso_data', g.recurso_data::text) order by g.numero_guia)
                   from tiss_lote_guias g where g.lote_id = l.id), '[]') as guias
  from tiss_lotes l`

export async function findLote(db: Executor, id: string): Promise<LoteTiss | null> {
  const result = await db.execute<LoteRow>(sql`${LOTE_SELECT} where l.id = ${id}`)
  return result.rows[0] ? toLote(result.rows[0]) : null
}

export async function listLotes(db: Executor, convenioId: string): Promise<LoteTiss[]> {
  const result = await db.execute<LoteRow>(
    sql`${LOTE_SELECT} where l.convenio_id = ${convenioId} order by l.numero desc`,
  )
  return result.rows.map(toLote)
}

/** The next number after the convênio's highest numeric one in `column` of `table`. */
async function nextNumber(db: Executor, query: ReturnType<typeof sql>): Promise<number> {
  const result = await db.execute<{ n: string }>(query)
  return Number(result.rows[0]?.n ?? 0) + 1
}

/**
 * 'Gerar lote': the ready appointments (at most 100), numbered, validated against the XSDs, stored. A batch the
 * schema refuses stores nothing; the refusal names the guia and the field.
 */
export async function generateLote(
  tx: Executor,
  input: { convenioId: string; competencia: string; userId: string; now: Date },
): Promise<LoteTiss> {
  const locked = await tx.execute(sql`select id from convenios where id = ${input.convenioId} for update`)
  if (locked.rows.length === 0) throw new HttpError(404, messages.convenioNotFound)
  const { items, header } = await billableAppointments(tx, input.convenioId, input.competencia)
  const ready = items.filter((item) => item.guia !== null).slice(0, TISS_MAX_GUIAS)
  if (ready.length === 0) throw new HttpError(400, m.nothingReady)
  const numero = await nextNumber(
    tx,
    sql`select max(numero) as n from tiss_lotes where convenio_id = ${input.convenioId}`,
  )
  let guiaNumber = await nextNumber(
    tx,
    sql`select max(case when numero_guia ~ '^[0-9]{1,15}$' then numero_guia::bigint end) as n
        from tiss_lote_guias where convenio_id = ${input.convenioId}`,
  )
  const guias = ready.map((item) => ({
    ...item.guia!,
    numeroGuiaPrestador:
      item.guia!.numeroGuiaPrestador === GUIA_A_NUMERAR ? String(guiaNumber++) : item.guia!.numeroGuiaPrestador,
  }))
  const wall = clinicWallClock(input.now).toISOString()
  const result = await buildValidBatch({
    ...header,
    numeroLote: String(numero),
    geradoEm: { data: wall.slice(0, 10), hora: wall.slice(11, 19) },
    guias,
  })
  if (!result.ok)
    throw new HttpError(
      400,
      result.problems.map((p) => (p.guia ? `Guia ${p.guia}: ${p.mensagem}` : p.mensagem)).join('; '),
    )
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into tiss_lotes (convenio_id, numero, competencia, xml, hash, gerado_em, gerado_por)
    values (${input.convenioId}, ${numero}, ${input.competencia}, ${result.batch.xml}, ${result.batch.hash},
            ${input.now.toISOString()}::timestamptz, ${input.userId})
    returning id`)
  const loteId = inserted.rows[0]!.id
  for (const [i, guia] of guias.entries()) {
    const item = ready[i]!.atendimento
    await tx.execute(sql`
      insert into tiss_lote_guias (lote_id, convenio_id, agendamento_id, numero_guia, paciente, valor_in_cents)
      values (${loteId}, ${input.convenioId}, ${item.agendamentoId}, ${guia.numeroGuiaPrestador}, ${item.paciente},
              ${guia.procedimentos.reduce((sum, p) => sum + p.valorTotal, 0)})`)
  }
  return (await findLote(tx, loteId))!
}

export async function loteXml(db: Executor, id: string): Promise<{ numero: number; xml: Buffer } | null> {
  const result = await db.execute<{ numero: number; xml: Buffer }>(
    sql`select numero, xml from tiss_lotes where id = ${id}`,
  )
  return result.rows[0] ?? null
}

export async function markSent(tx: Executor, id: string, data: string, protocolo: string): Promise<LoteTiss> {
  const current = await tx.execute<{ situacao: string }>(
    sql`select situacao from tiss_lotes where id = ${id} for update`,
  )
  if (!current.rows[0]) throw new HttpError(404, m.loteNotFound)
  if (current.rows[0].situacao === 'enviado') throw new HttpError(409, m.loteAlreadySent)
  await tx.execute(
    sql`update tiss_lotes set situacao = 'enviado', enviado_em = ${data}::date, protocolo = ${protocolo} where id = ${id}`,
  )
  return (await findLote(tx, id))!
}

/** The guia and its batch's state, the guia's row held. */
async function lockGuia(tx: Executor, id: string) {
  const result = await tx.execute<{ lote_id: string; lote_situacao: string; situacao: string }>(sql`
    select g.lote_id, l.situacao as lote_situacao, g.situacao
    from tiss_lote_guias g join tiss_lotes l on l.id = g.lote_id where g.id = ${id} for update of g`)
  const row = result.rows[0]
  if (!row) throw new HttpError(404, m.guiaNotFound)
  return row
}

export async function recordReturn(
  tx: Executor,
  input: { id: string; situacao: 'pago' | 'glosado'; valorIncents: number; glosaCodigo?: string; glosaMotivo?: string },
): Promise<LoteTiss> {
  const guia = await lockGuia(tx, input.id)
  if (guia.lote_situacao !== 'enviado') throw new HttpError(409, m.loteNotSent)
  await tx.execute(sql`
    update tiss_lote_guias set situacao = ${input.situacao}, valor_pago_in_cents = ${input.valorIncents},
      glosa_codigo = ${input.situacao === 'glosado' ? input.glosaCodigo! : null},
      glosa_motivo = ${input.situacao === 'glosado' ? (input.glosaMotivo ?? '') : null},
      recurso_texto = null, recurso_data = null
    where id = ${input.id}`)
  return (await findLote(tx, guia.lote_id))!
}

export async function recordAppeal(
  tx: Executor,
  input: { id: string; data: string; texto: string },
): Promise<LoteTiss> {
  const guia = await lockGuia(tx, input.id)
  if (guia.situacao !== 'glosado') throw new HttpError(409, m.recursoNotGlosada)
  await tx.execute(sql`
    update tiss_lote_guias set situacao = 'recurso', recurso_texto = ${input.texto}, recurso_data = ${input.data}::date
    where id = ${input.id}`)
  return (await findLote(tx, guia.lote_id))!
}
