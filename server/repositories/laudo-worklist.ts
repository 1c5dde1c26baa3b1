// The laudo's worklist a page at a time (issue 36 points 3 and 11, docs/decisions.md "The laudo's worklist and
// editor"), and the day board's count of late laudos: the rows as server/repositories/laudo-drafts.ts makes them.
import { sql, type SQL } from 'drizzle-orm'
import {
  isLaudoLate,
  laudoWorklistCursor,
  LAUDO_WORKLIST_PAGE_SIZE,
  type Horario,
  type LaudoPendente,
  type LaudoWorklistKey,
  type Modalidade,
} from '@contract'
import { arrayRows, named, sqlArrayQuery, type ArrayQuery } from './array-rows'
import type { Executor } from './executor'
import { dueDates, toPendente, WORK_STATUSES, type WorkRow } from './laudo-drafts'

export interface WorklistFilter {
  medicoId: string | null
  modalidade: Modalidade | null
  equipamentoId: string | null
}

/** The columns of WorkRow, in this order, then the row's exam instant to the microsecond (the cursor's). */
const WORK_COLUMNS = [
  'agendamento_id',
  'exame_id',
  'laudo_id',
  'estado',
  'exame_nome',
  'modalidade',
  'prazo',
  'data_exame',
  'acesso',
  'medico_id',
  'medico_nome',
  'equipamento_id',
  'equipamento_nome',
  'paciente_nome',
  'paciente_nomesocial',
] as const

/**
 * One page of the worklist: its rows after the cursor's (none: from the first) in the list's order, one
 * more than a page to tell whether another follows. Keyset, not OFFSET: the partial index of migration 0023
 * (datahora, on the appointments awaiting a laudo) is read in order from the cursor's instant on, each
 * appointment's exams taken beside it (a lateral subquery, which PostgreSQL runs per appointment), so the
 * scan stops once the page is full — a later page costs what the first does, and neither reads the pending
 * exams past it. Only the page's rows then meet the patient, doctor, machine and laudo (a deferred join).
 *
 * One statement per combination of the filters and the cursor, each naming only the conditions it has, and
 * prepared by name: PostgreSQL then plans each once per connection instead of at every call. A single
 * statement with `$n is null or …` for every filter could not be kept prepared: a plan made without the
 * values cannot tell a filter's null from its value, and chose a far slower one (bench journal 2026-11-28,
 * "The laudo's worklist in pages").
 */
interface PageShape {
  modalidade: boolean
  medico: boolean
  equipamento: boolean
  cursor: boolean
}
const pageQueries = new Map<string, ArrayQuery>()
function pageQuery(shape: PageShape): ArrayQuery {
  const name = `laudo-worklist-${Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('')}`
  let query = pageQueries.get(name)
  if (query) return query
  const examFilters: SQL[] = []
  if (shape.modalidade) examFilters.push(sql`and e.modalidade = ${named('modalidade')}::text`)
  // the cursor's own appointment: only its exams after the cursor's
  if (shape.cursor)
    examFilters.push(sql`and (a.datahora > ${named('datahora')}::timestamptz or a.id > ${named('agendamentoId')}::uuid
                              or ae.exame_id > ${named('exameId')}::uuid)`)
  const filters: SQL[] = []
  if (shape.medico) filters.push(sql`and a.medico_id = ${named('medicoId')}::uuid`)
  if (shape.equipamento) filters.push(sql`and a.equipamento_id = ${named('equipamentoId')}::uuid`)
  if (shape.cursor)
    filters.push(sql`and a.datahora >= ${named('datahora')}::timestamptz
                     and (a.datahora, a.id) >= (${named('datahora')}::timestamptz, ${named('agendamentoId')}::uuid)`)
  query = sqlArrayQuery(
    sql`
  select w.agendamento_id, w.exame_id, l.id as laudo_id, l.estado, w.exame_nome, w.modalidade, w.prazo,
         to_char(w.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame, w.acesso::text as acesso,
         w.medico_id, m.nome as medico_nome, w.equipamento_id, eq.nome as equipamento_nome, p.nome as paciente_nome,
         p.nomesocial as paciente_nomesocial, to_char(w.datahora at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as chave
    from (select a.datahora, a.id as agendamento_id, x.exame_id, x.exame_nome, x.modalidade, x.prazo,
                 a.paciente_id, a.medico_id, a.equipamento_id, a.acesso
            from agendamentos a
           cross join lateral (
                 -- an exam listed twice on one appointment is one row (its first position's name)
                 select distinct on (ae.exame_id) ae.exame_id, ae.nome as exame_nome, e.modalidade,
                        e.prazo_laudo_dias as prazo
                   from agendamento_exames ae join exames e on e.id = ae.exame_id
                  where ae.agendamento_id = a.id ${sql.join(examFilters, sql` `)}
                  order by ae.exame_id, ae.posicao) x
           where a.status in ${WORK_STATUSES}
             and not exists (select 1 from laudos r where r.agendamento_id = a.id and r.exame_id = x.exame_id
                                and r.estado in ('Liberado', 'Entregue'))
             ${sql.join(filters, sql` `)}
           order by a.datahora, a.id, x.exame_id
           limit ${sql.raw(String(LAUDO_WORKLIST_PAGE_SIZE + 1))}) w
    join pacientes p on p.id = w.paciente_id
    join medicos m on m.id = w.medico_id
    left join equipamentos eq on eq.id = w.equipamento_id
    left join laudos l on l.agendamento_id = w.agendamento_id and l.exame_id = w.exame_id
   order by w.datahora, w.agendamento_id, w.exame_id`,
    name,
  )
  pageQueries.set(name, query)
  return query
}

/** A page of the worklist, oldest exam first, and the next page's cursor (null on the last); `medicoId` null: every doctor's. */
export async function worklistPage(
  db: Executor,
  filter: WorklistFilter,
  after: LaudoWorklistKey | null,
  hours: readonly Horario[],
  today: string,
): Promise<{ laudos: LaudoPendente[]; proximo: string | null }> {
  const query = pageQuery({
    modalidade: filter.modalidade !== null,
    medico: filter.medicoId !== null,
    equipamento: filter.equipamentoId !== null,
    cursor: after !== null,
  })
  const rows = await arrayRows(db, query, {
    ...filter,
    datahora: after?.datahora ?? null,
    agendamentoId: after?.agendamentoId ?? null,
    exameId: after?.exameId ?? null,
  })
  const page = rows.slice(0, LAUDO_WORKLIST_PAGE_SIZE)
  const due = dueDates(hours)
  const laudos = page.map((values) => {
    const row = Object.fromEntries(WORK_COLUMNS.map((name, i) => [name, values[i]])) as WorkRow
    return toPendente(row, due, today)
  })
  const last = page.at(-1)
  const proximo =
    rows.length > LAUDO_WORKLIST_PAGE_SIZE && last
      ? laudoWorklistCursor({
          datahora: last[WORK_COLUMNS.length] as string,
          agendamentoId: last[0] as string,
          exameId: last[1] as string,
        })
      : null
  return { laudos, proximo }
}

/**
 * How many exams awaiting their laudo are past their 'Previsão' (the worklist's 'Atrasado', the whole
 * clinic's): counted by PostgreSQL per (exam day, prazo) — only exams before today can be late — and the
 * few groups' due dates computed here, rather than the worklist read whole.
 */
export async function lateCount(db: Executor, hours: readonly Horario[], today: string): Promise<number> {
  const result = await db.execute<{ data_exame: string; prazo: number; n: string }>(sql`
    select to_char(a.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame, e.prazo_laudo_dias as prazo,
           count(distinct (a.id, ae.exame_id)) as n
      from agendamentos a
      join agendamento_exames ae on ae.agendamento_id = a.id
      join exames e on e.id = ae.exame_id
      left join laudos l on l.agendamento_id = a.id and l.exame_id = ae.exame_id
     where a.status in ${WORK_STATUSES}
       and (l.estado is null or l.estado in ('Pendente', 'Em edição'))
       and a.datahora < ${`${today}T00:00:00.000Z`}::timestamptz
     group by 1, 2`)
  const due = dueDates(hours)
  return result.rows.reduce((sum, r) => sum + (isLaudoLate(due(r.data_exame, r.prazo), today) ? Number(r.n) : 0), 0)
}
