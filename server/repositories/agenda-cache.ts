// The agenda's answer (POST /agendamento/agenda), written by PostgreSQL and kept per process while it holds
// (docs/decisions.md, "Performance"; bench/journal/2026-11-24-agenda-tail.md, "The kept answer").
//
// One statement writes every list of the answer as JSON text (json-rows.ts), spliced into the answer as it is
// (server/http/serializer.ts, answerWithJsonLists): Node never builds the 280 items of a day, and one backend
// answers instead of four. Each appointment carries its item already written (agenda_item, kept by triggers,
// migration 0012), so a day's items are those texts joined in order, a fraction of what writing them with
// their names at each read cost PostgreSQL. They are still kept, under their version:
// each day's row of agenda_versoes, bumped in the same transaction as any change of the day's appointments
// (migration 0003) — a rename too, since it writes the renamed one's items again. A version is the rows'
// xmin — the transaction that last wrote them, as Npgsql's optimistic concurrency uses it — so it never
// repeats, even when a database is restored or its counters start again. The machines, the doctors' hours and
// the blocks are read at every call, in the statement that reads the versions.
import { and, gt, gte, lt, sql } from 'drizzle-orm'
import { addDays, type Bloqueio, type Equipamento, type MedicoHorarios } from '@contract'
import { agendamentos, agendaVersoes, bloqueios, equipamentos, medicos } from '../db/schema'
import { arrayRows, sqlArrayQuery } from './array-rows'
import { perDatabase, type Executor } from './executor'
import { isoText, jsonList, jsonRecord } from './json-rows'

/** The agenda answer's lists, each a JSON array text, in the answer's order. */
export type AgendaJsonLists = Record<'equipamentos' | 'medicos' | 'bloqueios' | 'agendamentos', string>

/** How many (first day, number of days) answers a process keeps: a desk's overlapping weeks, in little memory. */
const KEPT_AGENDAS = 32

const statements = perDatabase((db) => {
  const from = sql.placeholder('from')
  const to = sql.placeholder('to')
  const version = sql`(select coalesce(string_agg(${agendaVersoes.dia}::text || ':' || ${agendaVersoes}.xmin::text, ','
      order by ${agendaVersoes.dia}), '') from ${agendaVersoes}
      where ${agendaVersoes.dia} >= ${sql.placeholder('firstDay')}::date and ${agendaVersoes.dia} < ${sql.placeholder('endDay')}::date)`
  const machine = jsonRecord<Equipamento>({
    id: equipamentos.id,
    nome: equipamentos.nome,
    modalidades: equipamentos.modalidades,
    horarios: equipamentos.horarios,
    aeTitle: equipamentos.aeTitle,
    leOutrasWorklists: equipamentos.leOutrasWorklists,
  })
  const machines = db.select({ list: jsonList(machine, sql`${equipamentos.nome}`) }).from(equipamentos)
  const doctor = jsonRecord<MedicoHorarios>({ id: medicos.id, nome: medicos.nome, horarios: medicos.horarios })
  const doctors = db.select({ list: jsonList(doctor, sql`${medicos.nome}`) }).from(medicos)
  const block = jsonRecord<Bloqueio>({
    id: bloqueios.id,
    equipamentoId: bloqueios.equipamentoId,
    inicio: isoText(bloqueios.inicio),
    fim: isoText(bloqueios.fim),
    motivo: bloqueios.motivo,
  })
  const blocks = db
    .select({ list: jsonList(block, sql`${bloqueios.inicio}`) })
    .from(bloqueios)
    .where(and(gt(bloqueios.fim, from), lt(bloqueios.inicio, to)))
  // the items in the order of the day's index (datahora, id): no record is written here (migration 0012)
  const items = db
    .select({
      items: sql<string>`'[' || coalesce(string_agg(${agendamentos.agendaItem}, ',' order by ${agendamentos.datahora}, ${agendamentos.id}), '') || ']'`,
    })
    .from(agendamentos)
    .where(and(gte(agendamentos.datahora, from), lt(agendamentos.datahora, to)))
  // Two statements, not one whose items a CASE writes only when the kept version is not the current one: that
  // one statement cost PostgreSQL several times more per kept day under load (bench agenda-day;
  // bench/journal/2026-11-24-agenda-tail.md, "The kept answer").
  return {
    // one snapshot: the items are kept under the versions they were read with
    whole: sqlArrayQuery(sql`select ${version}, (${machines}), (${doctors}), (${blocks}), (${items})`, 'agenda_whole'),
    versions: sqlArrayQuery(sql`select ${version}, (${machines}), (${doctors}), (${blocks})`, 'agenda_versions'),
  }
})

interface Kept {
  version: string
  items: string
}

/** Reads agendas, keeping the last KEPT_AGENDAS answers' items (one reader per app: its own memory). */
export function agendaReader() {
  // a Map keeps insertion order: re-inserting on use makes its first key the least recently used
  const kept = new Map<string, Kept>()
  const keep = (id: string, entry: Kept) => {
    kept.delete(id)
    kept.set(id, entry)
    if (kept.size > KEPT_AGENDAS) kept.delete(kept.keys().next().value!)
  }
  /** The agenda of `dias` clinic days from `de`: its lists as PostgreSQL's JSON texts. */
  return async function readAgenda(db: Executor, de: string, dias: number): Promise<AgendaJsonLists> {
    const endDay = addDays(de, dias)
    const values = { from: `${de}T00:00:00.000Z`, to: `${endDay}T00:00:00.000Z`, firstDay: de, endDay }
    const id = `${de}/${dias}`
    const entry = kept.get(id)
    if (entry) {
      const [row] = await arrayRows(db, statements(db).versions, values)
      const [version, equipamentosJson, medicosJson, bloqueiosJson] = row as [string, string, string, string]
      if (version === entry.version) {
        keep(id, entry)
        return {
          equipamentos: equipamentosJson,
          medicos: medicosJson,
          bloqueios: bloqueiosJson,
          agendamentos: entry.items,
        }
      }
    }
    const [row] = await arrayRows(db, statements(db).whole, values)
    const [version, equipamentosJson, medicosJson, bloqueiosJson, agendamentosJson] = row as [
      string,
      string,
      string,
      string,
      string,
    ]
    keep(id, { version, items: agendamentosJson })
    return {
      equipamentos: equipamentosJson,
      medicos: medicosJson,
      bloqueios: bloqueiosJson,
      agendamentos: agendamentosJson,
    }
  }
}
