// The laudos in the reports (issue 36 point 9, docs/decisions.md "The laudos in the reports"): one statement
// over the range's appointments 'Em atendimento' or 'Realizado' (agendamentos_laudo_trabalho_idx), one row per
// exam (its laudo, opened or not), then the totals, the doctors' and the modalities' figures from ONE pass
// (GROUPING SETS), answered as one JSON document. 'Previsão' is counted in SQL in the weekdays the clinic
// opens, as laudoDueDate counts them (contract/laudo-text.ts): no row goes back to Node to be dated.
import { sql, type SQL } from 'drizzle-orm'
import {
  addDays,
  byLaudos,
  CLINIC_UTC_OFFSET_HOURS,
  modalidadeLabels,
  openWeekdays,
  type Horario,
  type LinhaLaudos,
  type Modalidade,
  type RelatorioLaudos,
} from '@contract'
import type { Executor } from './executor'

/**
 * How many of the days from `a` to `b` (dates, both included) fall on a weekday of `open`: per weekday, the
 * whole weeks after its first occurrence (0 when `b` < `a`). A closed form, so a year-old exam costs no more
 * than yesterday's.
 */
function openDaysBetween(from: SQL, to: SQL, open: readonly number[]): SQL {
  const [a, b] = [sql`(${from})`, sql`(${to})`]
  const days = sql.raw(`ARRAY[${open.map((d) => String(Math.trunc(d))).join(',')}]::int[]`)
  return sql`(CASE WHEN ${b} < ${a} THEN 0 ELSE (
    SELECT sum(((${b} - ${a}) - ((w - date_part('dow', ${a})::int + 7) % 7) + 7) / 7)
    FROM unnest(${days}) AS w) END)`
}

/** The day `until` is past the 'Previsão' of an exam of day `dia` and `prazo` business days (isLaudoLate). */
const pastDue = (dia: SQL, until: SQL, open: readonly number[]) =>
  sql`(${until} > ${dia} AND ${openDaysBetween(sql`${dia} + 1`, sql`${until} - 1`, open)} >= prazo)`

const FIGURES = sql.raw(`
  count(*)::int AS laudos,
  count(*) FILTER (WHERE estado = 'Pendente')::int AS pendentes,
  count(*) FILTER (WHERE estado = 'Em edição')::int AS "emEdicao",
  count(*) FILTER (WHERE estado = 'Liberado')::int AS liberados,
  count(*) FILTER (WHERE estado = 'Entregue')::int AS entregues,
  count(*) FILTER (WHERE estado IN ('Pendente', 'Em edição') AND atrasado)::int AS atrasados,
  count(liberado)::int AS "comTempo",
  count(liberado) FILTER (WHERE NOT liberado_tarde)::int AS "liberadosNoPrazo",
  count(liberado) FILTER (WHERE liberado_tarde)::int AS "liberadosComAtraso",
  round((percentile_cont(0.5) WITHIN GROUP (ORDER BY minutos))::numeric / 60, 1)::float8 AS "horasMediana",
  round((percentile_cont(0.9) WITHIN GROUP (ORDER BY minutos))::numeric / 60, 1)::float8 AS "horasP90"`)
const COLUMNS = `laudos, pendentes, "emEdicao", liberados, entregues, atrasados, "comTempo", "liberadosNoPrazo",
  "liberadosComAtraso", "horasMediana", "horasP90"`

export function laudoReportQuery(de: string, ate: string, today: string, open: readonly number[]): SQL {
  const from = `${de}T00:00:00.000Z`
  const to = `${addDays(ate, 1)}T00:00:00.000Z`
  // the clinic's day of a real instant, and an appointment's real instant from its floating datahora
  const offset = sql.raw(`make_interval(hours => ${CLINIC_UTC_OFFSET_HOURS})`)
  return sql`
    WITH exams AS MATERIALIZED (
      -- an exam listed twice in one appointment has one laudo
      SELECT DISTINCT a.id AS agendamento_id, c.exame_id, a.medico_id, a.datahora
      FROM agendamentos a JOIN agendamento_exames c ON c.agendamento_id = a.id
      WHERE a.datahora >= ${from}::timestamptz AND a.datahora < ${to}::timestamptz
        AND a.status IN ('em_atendimento', 'realizado')),
    rows0 AS MATERIALIZED (
      SELECT coalesce(l.medico_id, x.medico_id) AS medico_id, e.modalidade, coalesce(l.estado, 'Pendente') AS estado,
        e.prazo_laudo_dias AS prazo, (x.datahora AT TIME ZONE 'UTC')::date AS dia, v.liberado,
        extract(epoch FROM v.liberado - (x.datahora - ${offset})) / 60 AS minutos,
        ((v.liberado AT TIME ZONE 'UTC') + ${offset})::date AS dia_liberado
      FROM exams x JOIN exames e ON e.id = x.exame_id
        LEFT JOIN laudos l ON l.agendamento_id = x.agendamento_id AND l.exame_id = x.exame_id
        LEFT JOIN LATERAL (
          SELECT min(lv.liberado_em) AS liberado FROM laudo_versoes lv WHERE lv.laudo_id = l.id) v ON true),
    rows1 AS (
      SELECT *, ${pastDue(sql`dia`, sql`${today}::date`, open)} AS atrasado,
        (liberado IS NOT NULL AND ${pastDue(sql`dia`, sql`dia_liberado`, open)}) AS liberado_tarde
      FROM rows0),
    groups AS MATERIALIZED (
      SELECT grouping(medico_id) = 0 AS by_medico, grouping(modalidade) = 0 AS by_modalidade,
        grouping(medico_id, modalidade) = 3 AS total, medico_id, modalidade, ${FIGURES}
      FROM rows1 GROUP BY GROUPING SETS ((), (medico_id), (modalidade)))
    SELECT json_build_object(
      'totais', (SELECT row_to_json(t) FROM (SELECT ${sql.raw(COLUMNS)} FROM groups WHERE total) t),
      'medico', (SELECT json_agg(t) FROM (
        SELECT g.medico_id::text AS chave, m.nome AS rotulo, ${sql.raw(COLUMNS.replace(/("?\w+"?)/g, 'g.$1'))}
        FROM groups g JOIN medicos m ON m.id = g.medico_id WHERE g.by_medico) t),
      'modalidade', (SELECT json_agg(t) FROM (
        SELECT modalidade AS chave, '' AS rotulo, ${sql.raw(COLUMNS)} FROM groups WHERE by_modalidade) t)
    ) AS doc`
}

type Doc = {
  totais: RelatorioLaudos['totais'] | null
  medico: LinhaLaudos[] | null
  modalidade: LinhaLaudos[] | null
}

const EMPTY: RelatorioLaudos['totais'] = {
  laudos: 0,
  pendentes: 0,
  emEdicao: 0,
  liberados: 0,
  entregues: 0,
  atrasados: 0,
  comTempo: 0,
  liberadosNoPrazo: 0,
  liberadosComAtraso: 0,
  horasMediana: null,
  horasP90: null,
}

export async function laudoReport(
  db: Executor,
  range: { de: string; ate: string },
  today: string,
  hours: readonly Horario[],
): Promise<RelatorioLaudos> {
  const open = [...openWeekdays(hours)].sort()
  const result = await db.execute<{ doc: Doc }>(laudoReportQuery(range.de, range.ate, today, open))
  const doc = result.rows[0]!.doc
  return {
    de: range.de,
    ate: range.ate,
    // an empty range still has its grand total row, unless there are no rows at all
    totais: doc.totais ?? EMPTY,
    porMedico: (doc.medico ?? []).sort(byLaudos),
    porModalidade: (doc.modalidade ?? [])
      .map((r) => ({ ...r, rotulo: modalidadeLabels[r.chave as Modalidade] ?? r.chave }))
      .sort(byLaudos),
  }
}
