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
 * `cop` (their catalogue exam copies' prices by modality, or the modality their free-text exams' names give) and `base` (each appointment with `recebido`: its
 * payments when it has any, else its value when marked paid — docs/decisions.md, "Reports" — and whether it has
 * exam copies). Set-wise joins, not a look-up per appointment: a month's look-ups per row more than doubled the
 * bench's time. `base` is not materialized: the figures read it once (below), the payments' and copies'
 * breakdowns join it from their few rows, and writing the month's rows out a second time cost more than that.
 */
function ctes(de: string, ate: string): SQL {
  return sql`range0 AS MATERIALIZED (${range(de, ate)}),
    pag AS MATERIALIZED (
      SELECT p.agendamento_id, p.forma, sum(p.valor_in_cents)::bigint AS recebido_forma
      FROM pagamentos p WHERE p.agendamento_id IN (SELECT id FROM range0) GROUP BY 1, 2),
    cop AS MATERIALIZED (
      SELECT c.agendamento_id, e.modalidade, sum(coalesce(c.valor_in_cents, 0))::bigint AS preco
      FROM agendamento_exames c JOIN exames e ON e.id = c.exame_id
      WHERE c.agendamento_id IN (SELECT id FROM range0) GROUP BY 1, 2
      -- booked by the specification's calls (free-text exams, no copies): when every name is a catalogue
      -- exam's (as the unique index compares names) and they share one modality, the whole value goes there
      UNION ALL
      SELECT r.id, min(e.modalidade), min(r.valor)::bigint
      FROM range0 r CROSS JOIN LATERAL unnest(r.exames) AS x(nome)
        LEFT JOIN exames e ON clinica_nome_chave(e.nome) = clinica_nome_chave(x.nome)
      WHERE NOT EXISTS (SELECT 1 FROM agendamento_exames c WHERE c.agendamento_id = r.id)
      GROUP BY r.id HAVING count(*) FILTER (WHERE e.id IS NULL) = 0 AND count(DISTINCT e.modalidade) = 1),
    base AS NOT MATERIALIZED (
      SELECT r.*, t.total IS NOT NULL AS tem_pagamentos,
        coalesce(t.total, CASE WHEN r.pago THEN r.valor ELSE 0 END) AS recebido,
        k.agendamento_id IS NULL AS sem_copias
      FROM range0 r LEFT JOIN (SELECT agendamento_id, sum(recebido_forma) AS total FROM pag GROUP BY 1) t
        ON t.agendamento_id = r.id
        LEFT JOIN (SELECT DISTINCT agendamento_id FROM cop) k ON k.agendamento_id = r.id)`
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

/** A group's figures as `groups` (below) has them, under the answer's names. */
const FIGURE_COLUMNS = `agendamentos, realizados, faltas, cancelados, "valorAgendadoInCents", "valorRecebidoInCents"`

/**
 * The one statement of a range's figures: one row, one JSON column `doc`. Every breakdown by a column of the
 * appointment (status, convenio, doctor, machine, hour of the week, the exams' list, 'sem forma', 'sem
 * modalidade') and the totals come from ONE pass over the range (GROUPING SETS: one hash table per set), not one
 * pass per breakdown (bench/journal/2026-11-24-issue-18-floor.md, "The month report"). The exams are counted per
 * distinct list of exams, then each list's figures are added to each exam it names once: the same sums as one row
 * per appointment and exam, over a few dozen lists instead of thousands of appointments.
 */
export function summaryQuery(de: string, ate: string): SQL {
  return sql`
    WITH ${ctes(de, ate)},
    groups AS MATERIALIZED (
      SELECT grouping(status) = 0 AS by_status, grouping(convenio) = 0 AS by_convenio,
        grouping(medico_id) = 0 AS by_medico, grouping(equipamento_id) = 0 AS by_equipamento,
        grouping(exames) = 0 AS by_exames, grouping(dia_semana) = 0 AS by_hora,
        grouping(sem_forma) = 0 AS by_sem_forma, grouping(sem_copias) = 0 AS by_sem_copias,
        grouping(status, convenio, medico_id, equipamento_id, exames, dia_semana, hora, sem_forma, sem_copias)
          = 511 AS total,
        status, convenio, medico_id, equipamento_id, exames, dia_semana, hora, sem_forma, sem_copias,
        ${figures},
        count(*) FILTER (WHERE vivo)::int AS vivos,
        coalesce(sum(CASE WHEN pago THEN valor ELSE 0 END) FILTER (WHERE vivo), 0)::bigint AS valor_pago,
        count(*) FILTER (WHERE tardio)::int AS tardios,
        -- a wait runs from arrival to start; a start recorded before the arrival is a slip, left out
        avg(inicio - chegada) FILTER (WHERE inicio >= chegada) AS espera,
        count(inicio) FILTER (WHERE inicio >= chegada)::int AS com_espera
      FROM (
        SELECT status, convenio, medico_id, equipamento_id, exames, vivo, valor, recebido, pago, tardio, inicio,
          chegada, sem_copias, NOT tem_pagamentos AND pago AS sem_forma,
          -- date_part (double precision), not extract (numeric since PostgreSQL 14): several times cheaper
          date_part('dow', datahora AT TIME ZONE 'UTC')::int AS dia_semana,
          date_part('hour', datahora AT TIME ZONE 'UTC')::int AS hora
        FROM base) b
      GROUP BY GROUPING SETS ((), (status), (convenio), (medico_id), (equipamento_id), (exames),
        (dia_semana, hora), (sem_forma), (sem_copias)))
    SELECT json_build_object(
      'totais', (SELECT row_to_json(t) FROM (
        SELECT ${sql.raw(FIGURE_COLUMNS)}, tardios AS "cancelamentosTardios",
          round(extract(epoch FROM espera) / 60)::int AS "esperaMediaMinutos",
          com_espera AS "atendimentosComEspera"
        FROM groups WHERE total) t),
      'status', (SELECT json_agg(t) FROM (SELECT status, agendamentos FROM groups WHERE by_status) t),
      'convenio', (SELECT json_agg(t) FROM (
        SELECT convenio AS chave, NULL AS rotulo, ${sql.raw(FIGURE_COLUMNS)} FROM groups WHERE by_convenio) t),
      'exame', (SELECT json_agg(t) FROM (
        SELECT e.exame AS chave, NULL AS rotulo, sum(g.agendamentos)::int AS agendamentos,
          sum(g.realizados)::int AS realizados, sum(g.faltas)::int AS faltas, sum(g.cancelados)::int AS cancelados,
          sum(g."valorAgendadoInCents")::bigint AS "valorAgendadoInCents",
          sum(g."valorRecebidoInCents")::bigint AS "valorRecebidoInCents"
        -- each exam once per appointment: an exam listed twice counts at its first position only
        FROM groups g CROSS JOIN LATERAL unnest(g.exames) WITH ORDINALITY AS e(exame, n)
        WHERE g.by_exames AND array_position(g.exames, e.exame) = e.n GROUP BY e.exame) t),
      'medico', (SELECT json_agg(t) FROM (
        SELECT g.medico_id::text AS chave, m.nome AS rotulo, ${sql.raw(FIGURE_COLUMNS.replace(/(\w+|"\w+")/g, 'g.$1'))}
        FROM groups g JOIN medicos m ON m.id = g.medico_id WHERE g.by_medico) t),
      -- a form's payments; '' for an appointment marked paid without any payment recorded
      'formaPagamento', (SELECT json_agg(t) FROM (
        SELECT f.forma AS chave, NULL AS rotulo, ${groupFigures('valor', 'f.recebido_forma')}
        FROM (SELECT b.status, b.vivo, b.valor, p.forma, p.recebido_forma FROM base b JOIN pag p ON p.agendamento_id = b.id) f
        GROUP BY f.forma
        UNION ALL SELECT '', NULL, ${sql.raw(FIGURE_COLUMNS)} FROM groups WHERE by_sem_forma AND sem_forma) t),
      -- the exam copies' modalities, valued by the copies' prices, received once the appointment is paid in
      -- full (estapago); '' for an appointment without catalogue exams, valued as a whole
      'modalidade', (SELECT json_agg(t) FROM (
        SELECT m.modalidade AS chave, NULL AS rotulo, ${groupFigures('m.preco', 'm.preco_recebido')}
        FROM (
          SELECT b.status, b.vivo, c.modalidade, c.preco, CASE WHEN b.pago THEN c.preco ELSE 0 END AS preco_recebido
          FROM base b JOIN cop c ON c.agendamento_id = b.id) m
        GROUP BY m.modalidade
        UNION ALL SELECT '', NULL, agendamentos, realizados, faltas, cancelados, "valorAgendadoInCents", valor_pago
        FROM groups WHERE by_sem_copias AND sem_copias) t),
      'equipamento', (SELECT json_agg(t) FROM (
        SELECT coalesce(g.equipamento_id::text, '') AS chave, q.nome AS rotulo,
          ${sql.raw(FIGURE_COLUMNS.replace(/(\w+|"\w+")/g, 'g.$1'))}
        FROM groups g LEFT JOIN equipamentos q ON q.id = g.equipamento_id WHERE g.by_equipamento) t),
      'horarios', (SELECT json_agg(t ORDER BY t."diaSemana", t.hora) FROM (
        SELECT dia_semana AS "diaSemana", hora, vivos AS agendamentos FROM groups WHERE by_hora AND vivos > 0) t)
    ) AS doc`
}

/**
 * Runs a report's statement with PostgreSQL's JIT off. A month's statement is estimated above
 * jit_above_cost, so a server built with LLVM (Debian's postgresql-15, most managed services; the embedded
 * build has none) would compile it at every call, which costs more than running the statement
 * (bench/journal/2026-11-24-issue-18-floor.md, "The month report"). SET LOCAL needs a transaction; it ends
 * with it.
 */
function withoutJit<T>(db: Executor, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`)
    return run(tx)
  })
}

export async function summary(db: Executor, de: string, ate: string): Promise<Relatorio> {
  const result = await withoutJit(db, (tx) => tx.execute<{ doc: Answer }>(summaryQuery(de, ate)))
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
  const result = await withoutJit(db, (tx) =>
    tx.execute<{
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
      coalesce((SELECT array_agg(x.modalidade ORDER BY x.posicao) FROM (
        SELECT e.modalidade, min(c.posicao) AS posicao FROM agendamento_exames c JOIN exames e ON e.id = c.exame_id
        WHERE c.agendamento_id = b.id GROUP BY e.modalidade) x),
        (SELECT array_agg(c.modalidade) FROM cop c WHERE c.agendamento_id = b.id)) AS modalidades
    FROM base b JOIN pacientes p ON p.id = b.paciente_id JOIN medicos m ON m.id = b.medico_id
      LEFT JOIN equipamentos q ON q.id = b.equipamento_id
    ORDER BY b.datahora, b.id`),
  )
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
