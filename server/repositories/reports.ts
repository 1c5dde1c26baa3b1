// Reports (docs/decisions.md, "Reports"): every figure is one PostgreSQL aggregate over the range's
// appointments (agendamentos_datahora_idx), answered as one JSON document in one round trip; only the
// breakdowns' few rows are sorted here. A clinic day is the date of the floating datahora (docs/product.md
// §12): no time-zone conversion of datahora, so 23:30 stays on its day. Arrival and status moves are real
// instants; an appointment's real instant is its datahora minus the clinic's UTC offset.
import { sql, type SQL } from 'drizzle-orm'
import {
  addDays,
  byVolume,
  CLINIC_UTC_OFFSET_HOURS,
  LATE_CANCEL_HOURS,
  noShowRate,
  formaPagamentoLabels,
  modalidadeLabels,
  SEM_CONVENIO,
  SEM_EQUIPAMENTO,
  SEM_FORMA,
  SEM_MODALIDADE,
  STATUSES,
  type FormaPagamento,
  type Modalidade,
  type LinhaPlanilha,
  type LinhaRelatorio,
  type Relatorio,
  type Status,
} from '@contract'
import type { Executor } from './executor'

/**
 * The range's appointments with their start ('Iniciar atendimento' still in effect) and cancellation
 * instants, each the latest such move not taken back (agendamento_status_agendamento_idx).
 */
function range(de: string, ate: string): SQL {
  const from = `${de}T00:00:00.000Z`
  const to = `${addDays(ate, 1)}T00:00:00.000Z`
  const lastMove = (para: Status) => sql`(
      SELECT s.at FROM agendamento_status s
      WHERE s.agendamento_id = a.id AND s.para = ${sql.raw(`'${para}'`)} AND s.tipo = 'mover' AND s.desfeito_em IS NULL
      ORDER BY s.id DESC LIMIT 1)`
  return sql`
    SELECT a.id, a.datahora, a.status, a.convenio, a.exames, a.medico_id, a.paciente_id, a.equipamento_id,
      a.valor_in_cents AS valor, a.esta_pago AS pago, a.chegada, a.status <> 'cancelado' AS vivo,
      CASE WHEN a.status IN ('em_atendimento', 'realizado') AND a.chegada IS NOT NULL
        THEN ${lastMove('em_atendimento')} END AS inicio,
      CASE WHEN a.status = 'cancelado' THEN
        (a.datahora - make_interval(hours => ${CLINIC_UTC_OFFSET_HOURS}::int)) - ${lastMove('cancelado')}
          < make_interval(hours => ${LATE_CANCEL_HOURS}::int)
        ELSE false END AS tardio
    FROM agendamentos a
    WHERE a.datahora >= ${from}::timestamptz AND a.datahora < ${to}::timestamptz`
}

/**
 * The CTEs `range0` (the range's appointments), `pag` (their payments summed by form, pagamentos_agendamento_idx),
 * `base` (each appointment with `recebido`: its payments when it has any, else its value when marked
 * paid — docs/decisions.md, "Reports") and `cop` (their catalogue exam copies' prices by modality). Set-wise
 * joins, not a look-up per appointment: a month's look-ups per row more than doubled the bench's time.
 */
function ctes(de: string, ate: string): SQL {
  return sql`range0 AS MATERIALIZED (${range(de, ate)}),
    pag AS MATERIALIZED (
      SELECT p.agendamento_id, p.forma, sum(p.valor_in_cents)::bigint AS recebido_forma
      FROM pagamentos p WHERE p.agendamento_id IN (SELECT id FROM range0) GROUP BY 1, 2),
    base AS MATERIALIZED (
      SELECT r.*, t.total IS NOT NULL AS tem_pagamentos,
        coalesce(t.total, CASE WHEN r.pago THEN r.valor ELSE 0 END) AS recebido
      FROM range0 r LEFT JOIN (SELECT agendamento_id, sum(recebido_forma) AS total FROM pag GROUP BY 1) t
        ON t.agendamento_id = r.id),
    cop AS MATERIALIZED (
      SELECT c.agendamento_id, e.modalidade, sum(coalesce(c.valor_in_cents, 0))::bigint AS preco
      FROM agendamento_exames c JOIN exames e ON e.id = c.exame_id
      WHERE c.agendamento_id IN (SELECT id FROM range0) GROUP BY 1, 2)`
}

/**
 * The figures of a group (Figures in contract/reports.ts); values leave out cancelled appointments. `booked`
 * and `received` name the columns summed (the modality's copy prices, a form's payments).
 */
const groupFigures = (booked = 'valor', received = 'recebido') =>
  sql.raw(`
  count(*)::int AS agendamentos,
  count(*) FILTER (WHERE status = 'realizado')::int AS realizados,
  count(*) FILTER (WHERE status = 'faltou')::int AS faltas,
  count(*) FILTER (WHERE status = 'cancelado')::int AS cancelados,
  coalesce(sum(${booked}) FILTER (WHERE vivo), 0)::bigint AS "valorAgendadoInCents",
  coalesce(sum(${received}) FILTER (WHERE vivo), 0)::bigint AS "valorRecebidoInCents"`)
const figures = groupFigures()

type Row = Omit<LinhaRelatorio, 'rotulo'> & { rotulo: string | null }
interface Answer {
  totais: Relatorio['totais']
  status: { status: Status; agendamentos: number }[] | null
  convenio: Row[] | null
  exame: Row[] | null
  medico: Row[] | null
  formaPagamento: Row[] | null
  modalidade: Row[] | null
  equipamento: Row[] | null
  horarios: Relatorio['horarios'] | null
}

const rows = (list: Row[] | null, label: (row: Row) => string): LinhaRelatorio[] =>
  (list ?? [])
    .map((row) => ({
      ...row,
      rotulo: label(row),
      valorAgendadoInCents: Number(row.valorAgendadoInCents),
      valorRecebidoInCents: Number(row.valorRecebidoInCents),
    }))
    .sort(byVolume)

/** The one statement of a range's figures: one row, one JSON column `doc`. */
export function summaryQuery(de: string, ate: string): SQL {
  return sql`
    WITH ${ctes(de, ate)}
    SELECT json_build_object(
      'totais', (SELECT row_to_json(t) FROM (
        SELECT ${figures}, count(*) FILTER (WHERE tardio)::int AS "cancelamentosTardios",
          round(extract(epoch FROM avg(inicio - chegada)) / 60)::int AS "esperaMediaMinutos",
          count(inicio)::int AS "atendimentosComEspera"
        FROM base) t),
      'status', (SELECT json_agg(t) FROM (SELECT status, count(*)::int AS agendamentos FROM base GROUP BY status) t),
      'convenio', (SELECT json_agg(t) FROM (
        SELECT convenio AS chave, NULL AS rotulo, ${figures} FROM base GROUP BY convenio) t),
      'exame', (SELECT json_agg(t) FROM (
        SELECT e.exame AS chave, NULL AS rotulo, ${figures}
        -- each exam once per appointment: an exam listed twice counts at its first position only
        FROM base CROSS JOIN LATERAL unnest(base.exames) WITH ORDINALITY AS e(exame, n)
        WHERE array_position(base.exames, e.exame) = e.n GROUP BY e.exame) t),
      'medico', (SELECT json_agg(t) FROM (
        SELECT g.medico_id::text AS chave, m.nome AS rotulo, g.agendamentos, g.realizados, g.faltas, g.cancelados,
          g."valorAgendadoInCents", g."valorRecebidoInCents"
        FROM (SELECT medico_id, ${figures} FROM base GROUP BY medico_id) g JOIN medicos m ON m.id = g.medico_id) t),
      -- a form's payments; '' for an appointment marked paid without any payment recorded
      'formaPagamento', (SELECT json_agg(t) FROM (
        SELECT f.forma AS chave, NULL AS rotulo, ${groupFigures('valor', 'f.recebido_forma')}
        FROM (
          SELECT b.status, b.vivo, b.valor, p.forma, p.recebido_forma FROM base b JOIN pag p ON p.agendamento_id = b.id
          UNION ALL SELECT status, vivo, valor, '', valor FROM base WHERE NOT tem_pagamentos AND pago) f
        GROUP BY f.forma) t),
      -- the exam copies' modalities, valued by the copies' prices, received once the appointment is paid in
      -- full (estapago); '' for an appointment without catalogue exams, valued as a whole
      'modalidade', (SELECT json_agg(t) FROM (
        SELECT m.modalidade AS chave, NULL AS rotulo, ${groupFigures('m.preco', 'm.preco_recebido')}
        FROM (
          SELECT b.status, b.vivo, c.modalidade, c.preco, CASE WHEN b.pago THEN c.preco ELSE 0 END AS preco_recebido
          FROM base b JOIN cop c ON c.agendamento_id = b.id
          UNION ALL SELECT b.status, b.vivo, '', b.valor, CASE WHEN b.pago THEN b.valor ELSE 0 END
          FROM base b WHERE NOT EXISTS (SELECT 1 FROM cop c WHERE c.agendamento_id = b.id)) m
        GROUP BY m.modalidade) t),
      'equipamento', (SELECT json_agg(t) FROM (
        SELECT coalesce(g.equipamento_id::text, '') AS chave, q.nome AS rotulo, g.agendamentos, g.realizados,
          g.faltas, g.cancelados, g."valorAgendadoInCents", g."valorRecebidoInCents"
        FROM (SELECT equipamento_id, ${figures} FROM base GROUP BY equipamento_id) g
        LEFT JOIN equipamentos q ON q.id = g.equipamento_id) t),
      'horarios', (SELECT json_agg(t ORDER BY t."diaSemana", t.hora) FROM (
        -- date_part (double precision), not extract (numeric since PostgreSQL 14): several times cheaper
        SELECT date_part('dow', datahora AT TIME ZONE 'UTC')::int AS "diaSemana",
          date_part('hour', datahora AT TIME ZONE 'UTC')::int AS hora, count(*)::int AS agendamentos
        FROM base WHERE vivo GROUP BY 1, 2) t)
    ) AS doc`
}

export async function summary(db: Executor, de: string, ate: string): Promise<Relatorio> {
  const result = await db.execute<{ doc: Answer }>(summaryQuery(de, ate))
  const doc = result.rows[0]!.doc
  const t = doc.totais
  const counts = new Map((doc.status ?? []).map((s) => [s.status, s.agendamentos]))
  return {
    de,
    ate,
    totais: {
      ...t,
      valorAgendadoInCents: Number(t.valorAgendadoInCents),
      valorRecebidoInCents: Number(t.valorRecebidoInCents),
      taxaFaltas: noShowRate(t.realizados, t.faltas),
    },
    porStatus: STATUSES.map((status) => ({ status, agendamentos: counts.get(status) ?? 0 })),
    por: {
      convenio: rows(doc.convenio, (r) => r.chave || SEM_CONVENIO),
      exame: rows(doc.exame, (r) => r.chave),
      medico: rows(doc.medico, (r) => r.rotulo ?? r.chave),
      formaPagamento: rows(doc.formaPagamento, (r) =>
        r.chave === '' ? SEM_FORMA : formaPagamentoLabels[r.chave as FormaPagamento],
      ),
      modalidade: rows(doc.modalidade, (r) =>
        r.chave === '' ? SEM_MODALIDADE : modalidadeLabels[r.chave as Modalidade],
      ),
      equipamento: rows(doc.equipamento, (r) => r.rotulo ?? SEM_EQUIPAMENTO),
    },
    horarios: doc.horarios ?? [],
  }
}

/** Every appointment of the range by datahora, id: the spreadsheet's rows. */
export async function appointmentRows(db: Executor, de: string, ate: string): Promise<LinhaPlanilha[]> {
  const result = await db.execute<{
    id: string
    datahora: Date
    paciente: string
    medico: string
    convenio: string
    exames: string[]
    status: Status
    valor: number
    pago: boolean
    recebido: string | number
    formas: FormaPagamento[] | null
    modalidades: Modalidade[] | null
    equipamento: string | null
    chegada: Date | null
    inicio: Date | null
    tardio: boolean
  }>(sql`
    WITH ${ctes(de, ate)}
    SELECT b.id, b.datahora, p.nome AS paciente, m.nome AS medico, b.convenio, b.exames, b.status, b.valor,
      b.pago, b.recebido, b.chegada, b.inicio, b.tardio, q.nome AS equipamento,
      (SELECT array_agg(g.forma ORDER BY g.primeiro, g.forma) FROM (
        SELECT p.forma, min(p.at) AS primeiro FROM pagamentos p WHERE p.agendamento_id = b.id GROUP BY p.forma) g
      ) AS formas,
      (SELECT array_agg(x.modalidade ORDER BY x.posicao) FROM (
        SELECT e.modalidade, min(c.posicao) AS posicao FROM agendamento_exames c JOIN exames e ON e.id = c.exame_id
        WHERE c.agendamento_id = b.id GROUP BY e.modalidade) x) AS modalidades
    FROM base b JOIN pacientes p ON p.id = b.paciente_id JOIN medicos m ON m.id = b.medico_id
      LEFT JOIN equipamentos q ON q.id = b.equipamento_id
    ORDER BY b.datahora, b.id`)
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
  return result.rows.map((r) => ({
    id: r.id,
    datahora: iso(r.datahora)!,
    paciente: r.paciente,
    medico: r.medico,
    convenio: r.convenio,
    exames: r.exames,
    status: r.status,
    valorIncents: r.valor,
    estapago: r.pago,
    recebidoIncents: Number(r.recebido),
    formasPagamento: r.formas ?? [],
    modalidades: r.modalidades ?? [],
    equipamento: r.equipamento,
    chegada: iso(r.chegada),
    inicio: iso(r.inicio),
    cancelamentoTardio: r.tardio,
  }))
}
