// What the offline read cache keeps (docs/product.md §13): today's and the next 7 days' appointments,
// the first page of the patient and appointment lists (unfiltered, and the appointments' opening view
// from today on), the doctors, the exam catalogue with its prices, the signed-in user's doctor link, and
// who the waiting room called on those days, the details opened recently —
// successful queries only, none older than 24 h by their own fetch time. Never mutations.
import type { DehydratedState, Query } from '@tanstack/react-query'
import { addDays, clinicToday } from '@contract/clinic-time'
import {
  agendaKeys,
  agendamentoKeys,
  catalogoKeys,
  chamadaKeys,
  clinicaKeys,
  laudoKeys,
  medicoKeys,
  pacienteKeys,
  usuarioKeys,
} from '../query-keys'

export const MAX_AGE_MS = 24 * 60 * 60 * 1000
export const UPCOMING_DAYS = 7
export const MAX_RECENT_DETAILS = 20

type QueryLike = Pick<Query, 'queryKey' | 'state'>

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part)

const isPlainList = (filters: unknown, emptyKey: string) => {
  if (!filters || typeof filters !== 'object') return false
  const values = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')
  return values.length === 0 || (values.length === 1 && values[0]![0] === emptyKey && values[0]![1] === '')
}

function isAllowedKey(key: readonly unknown[], now: Date): boolean {
  if (startsWith(key, medicoKeys.list())) return true
  // how each doctor is addressed ('Dra.'), read with the list (docs/decisions.md "Brazilian forms")
  if (startsWith(key, medicoKeys.tratamentos())) return true
  // the exam catalogue, convênios and prices (docs/product.md §20)
  if (startsWith(key, catalogoKeys.all)) return true
  // the agenda of today and the next 7 days, one query (docs/decisions.md "Agenda and equipment")
  if (startsWith(key, agendaKeys.range(clinicToday(now), UPCOMING_DAYS + 1))) return true
  if (startsWith(key, agendaKeys.equipamentos())) return true
  // who the user is linked to: 'Minha agenda' opens offline too
  if (startsWith(key, usuarioKeys.me())) return true
  // printouts and messages carry the clinic's settings (docs/decisions.md, "Messages and printouts")
  if (startsWith(key, clinicaKeys.settings())) return true
  // the day's board, tomorrow's confirmations and who the waiting room called (issue 38: 'Chamado às …')
  if (
    startsWith(key, ['agendamentos', 'day']) ||
    startsWith(key, ['agendamentos', 'confirmacoes']) ||
    startsWith(key, chamadaKeys.all)
  ) {
    const date = key[2]
    const today = clinicToday(now)
    return typeof date === 'string' && date >= today && date <= addDays(today, UPCOMING_DAYS)
  }
  // the doctor's worklist and the laudos opened, readable offline, and the board's laudo states (issue 36)
  if (startsWith(key, laudoKeys.all)) return true
  // the unfiltered lists only: a search result is not what staff reopen offline. Exactly the list key:
  // the appointment dialog's patient lookup ([...pacienteKeys.list(nome), 'lookup']) is another shape
  // and serves only the creation dialog, which needs the API anyway.
  if (startsWith(key, pacienteKeys.lists())) return key.length === 3 && isPlainList(key[2], 'nome')
  if (startsWith(key, agendamentoKeys.lists()))
    return key.length === 3 && (isPlainList(key[2], '') || isFromToday(key, now))
  return isDetailKey(key)
}

/** The appointments list's opening view of today (not of an earlier day: that one is out of date). */
function isFromToday(key: readonly unknown[], now: Date): boolean {
  return JSON.stringify(key) === JSON.stringify(agendamentoKeys.fromToday(clinicToday(now)))
}

function isDetailKey(key: readonly unknown[]): boolean {
  return (
    (key[0] === pacienteKeys.all[0] || key[0] === agendamentoKeys.all[0] || key[0] === medicoKeys.all[0]) &&
    key[1] === 'detail'
  )
}

/** The dehydrate filter: allow-listed, successful, fetched within the last 24 h. */
export function shouldPersistQuery(query: QueryLike, now: Date = new Date()): boolean {
  if (query.state.status !== 'success') return false
  if (now.getTime() - query.state.dataUpdatedAt > MAX_AGE_MS) return false
  return isAllowedKey(query.queryKey, now)
}

interface InfiniteData {
  pages: unknown[]
  pageParams: unknown[]
}
const isInfinite = (data: unknown): data is InfiniteData =>
  !!data && typeof data === 'object' && Array.isArray((data as InfiniteData).pages)

/**
 * Trims what is written: infinite lists keep their first page only — but the laudo's worklist keeps every
 * page the doctor loaded, to read them offline (issue 36 point 10) — and only the most recently fetched
 * details are kept.
 */
export function trimForPersistence(state: DehydratedState): DehydratedState {
  const details = state.queries
    .filter((query) => isDetailKey(query.queryKey))
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_RECENT_DETAILS)
  const keep = new Set(details)
  const queries = state.queries
    .filter((query) => !isDetailKey(query.queryKey) || keep.has(query))
    .map((query) => {
      const data = query.state.data
      if (!isInfinite(data) || data.pages.length <= 1 || startsWith(query.queryKey, laudoKeys.worklists())) return query
      return {
        ...query,
        state: { ...query.state, data: { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } },
      }
    })
  return { ...state, mutations: [], queries }
}

/** Drops restored entries whose own fetch time is older than 24 h (the whole cache may be younger). */
export function dropExpired(state: DehydratedState, now: Date = new Date()): DehydratedState {
  return {
    ...state,
    mutations: [],
    queries: state.queries.filter((query) => now.getTime() - query.state.dataUpdatedAt <= MAX_AGE_MS),
  }
}
