// The day boards' live channel in the mock (docs/decisions.md, "The day board's live channel"), as the
// server's triggers of migration 0036: after every write call the pipeline asks what changed, and each open
// board's stream gets { dia, agendamentoId } per clinic day touched (the id when one appointment of that day
// changed, null for several). What changed is found by comparing each appointment as stored, with its calls,
// payments and its laudos' states (migration 0038: a laudo's autosave changes no state and says nothing),
// against the last look; the look is taken only while a board listens.
import type { DiaEvento } from '@contract'
import type { MockStore } from './store-shapes'

type Look = Map<string, { dia: string; sig: string }>

interface DayListener {
  send: (event: DiaEvento) => void
  close: () => void
}

const listeners = new WeakMap<MockStore, Set<DayListener>>()
const looks = new WeakMap<MockStore, Look>()

function look(store: MockStore): Look {
  const counts = new Map<string, number>()
  for (const c of store.chamadas) counts.set(c.agendamentoId, (counts.get(c.agendamentoId) ?? 0) + 1)
  for (const p of store.pagamentos) counts.set(p.agendamentoId, (counts.get(p.agendamentoId) ?? 0) + 1000)
  const laudos = new Map<string, string>()
  for (const l of store.laudos) laudos.set(l.agendamentoId, `${laudos.get(l.agendamentoId) ?? ''}${l.id}:${l.estado};`)
  const now: Look = new Map()
  for (const a of store.agendamentos)
    now.set(a.id, {
      dia: a.datahora.slice(0, 10),
      sig: `${JSON.stringify(a)}|${counts.get(a.id) ?? 0}|${laudos.get(a.id) ?? ''}`,
    })
  return now
}

/** A board opens its stream: it hears of every change from now on. Answers the way to stop. */
export function listenToDays(store: MockStore, listener: DayListener): () => void {
  let set = listeners.get(store)
  if (!set) listeners.set(store, (set = new Set()))
  if (set.size === 0) looks.set(store, look(store))
  set.add(listener)
  return () => {
    set.delete(listener)
    if (set.size === 0) looks.delete(store)
  }
}

/** Called by the pipeline after each write call that succeeded. */
export function announceDayChanges(store: MockStore): void {
  const set = listeners.get(store)
  const before = looks.get(store)
  if (!set || set.size === 0 || !before) return
  const after = look(store)
  looks.set(store, after)
  const byDay = new Map<string, Set<string>>()
  const touch = (dia: string, id: string) => {
    let ids = byDay.get(dia)
    if (!ids) byDay.set(dia, (ids = new Set()))
    ids.add(id)
  }
  for (const [id, now] of after) {
    const was = before.get(id)
    if (was?.sig === now.sig) continue
    touch(now.dia, id)
    if (was && was.dia !== now.dia) touch(was.dia, id)
  }
  for (const [id, was] of before) if (!after.has(id)) touch(was.dia, id)
  for (const [dia, ids] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const event: DiaEvento = { dia, agendamentoId: ids.size === 1 ? [...ids][0]! : null }
    for (const listener of set) listener.send(event)
  }
}

/** Ends every open board stream of the store (a test's "the channel drops"). */
export function dropDayStreams(store: MockStore): void {
  for (const listener of [...(listeners.get(store) ?? [])]) listener.close()
}

/** How many board streams of the store are open (tests wait for a board's channel to open). */
export function openDayStreams(store: MockStore): number {
  return listeners.get(store)?.size ?? 0
}
