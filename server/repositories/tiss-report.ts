// TISS in the reports (issue 37 point 5; docs/tiss.md "In the reports"): one statement over the range's
// appointments booked with a convênio (agendamento_catalogo) and their guia in a batch, if any, grouped by
// convênio and the appointment's month. 'Particular' is paid at the desk, never billed: it is left out.
// datahora is the clinic's wall-clock time written as UTC, so its month is read without a time-zone conversion
// (docs/product.md §12).
import { sql } from 'drizzle-orm'
import { addDays, byConvenioMonth, PARTICULAR_ID, type LinhaFaturamento, type RelatorioFaturamento } from '@contract'
import type { Executor } from './executor'

export async function tissReport(db: Executor, range: { de: string; ate: string }): Promise<RelatorioFaturamento> {
  const from = `${range.de}T00:00:00.000Z`
  const to = `${addDays(range.ate, 1)}T00:00:00.000Z`
  const result = await db.execute<LinhaFaturamento>(sql`
    SELECT c.id::text AS "convenioId", c.nome AS convenio,
      to_char(a.datahora AT TIME ZONE 'UTC', 'YYYY-MM') AS competencia,
      count(*) FILTER (WHERE a.status <> 'cancelado')::int AS agendamentos,
      coalesce(sum(a.valor_in_cents) FILTER (WHERE a.status <> 'cancelado'), 0)::int AS "agendadoInCents",
      count(g.id)::int AS guias,
      coalesce(sum(g.valor_in_cents), 0)::int AS "faturadoInCents",
      coalesce(sum(g.valor_pago_in_cents) FILTER (WHERE g.situacao <> 'aguardando'), 0)::int AS "recebidoInCents",
      coalesce(sum(g.valor_in_cents - g.valor_pago_in_cents) FILTER (WHERE g.situacao IN ('glosado', 'recurso')), 0)::int
        AS "glosadoInCents",
      count(g.id) FILTER (WHERE g.situacao = 'aguardando')::int AS aguardando
    FROM agendamentos a
      JOIN agendamento_catalogo ac ON ac.agendamento_id = a.id
      JOIN convenios c ON c.id = ac.convenio_id
      LEFT JOIN tiss_lote_guias g ON g.agendamento_id = a.id
    WHERE a.datahora >= ${from}::timestamptz AND a.datahora < ${to}::timestamptz AND c.id <> ${PARTICULAR_ID}::uuid
    GROUP BY c.id, c.nome, competencia`)
  return { de: range.de, ate: range.ate, linhas: [...result.rows].sort(byConvenioMonth) }
}
