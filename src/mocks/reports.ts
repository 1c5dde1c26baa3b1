// The report figures computed from the mock's store, as server/repositories/reports.ts computes them in
// PostgreSQL (docs/decisions.md, "Reports"); tests/contract/reports-suite.ts holds both to the same numbers.
import {
  byVolume,
  CLINIC_UTC_OFFSET_HOURS,
  datePart,
  LATE_CANCEL_HOURS,
  noShowRate,
  SEM_CONVENIO,
  statusOf,
  STATUSES,
  type LinhaPlanilha,
  type LinhaRelatorio,
  type Relatorio,
  type Status,
} from '@contract'
import { byAgendamentoOrder } from './records'
import type { MockStore, StoredAgendamento } from './store'

const HOUR_MS = 3_600_000

/** The latest move of `id` to `para` still in effect, as an epoch instant. */
function lastMove(store: MockStore, id: string, para: Status): number | undefined {
  const move = store.statusMoves.findLast(
    (m) => m.agendamentoId === id && m.tipo === 'mover' && m.para === para && !m.desfeito,
  )
  return move ? Date.parse(move.at) : undefined
}

interface Enriched {
  a: StoredAgendamento
  status: Status
  inicio: number | undefined
  tardio: boolean
}

function inRange(store: MockStore, de: string, ate: string): Enriched[] {
  return store.agendamentos
    .filter((a) => datePart(a.datahora) >= de && datePart(a.datahora) <= ate)
    .sort(byAgendamentoOrder)
    .map((a) => {
      const status = statusOf(a)
      const started = (status === 'em_atendimento' || status === 'realizado') && a.chegada !== undefined
      const cancelled = status === 'cancelado' ? lastMove(store, a.id, 'cancelado') : undefined
      // the appointment's real instant: its wall-clock time minus the clinic's UTC offset
      const real = Date.parse(a.datahora) - CLINIC_UTC_OFFSET_HOURS * HOUR_MS
      return {
        a,
        status,
        inicio: started ? lastMove(store, a.id, 'em_atendimento') : undefined,
        tardio: cancelled !== undefined && real - cancelled < LATE_CANCEL_HOURS * HOUR_MS,
      }
    })
}

function figures(rows: Enriched[]) {
  const live = rows.filter((r) => r.status !== 'cancelado')
  const sum = (list: Enriched[]) => list.reduce((total, r) => total + r.a.valorIncents, 0)
  const count = (status: Status) => rows.filter((r) => r.status === status).length
  return {
    agendamentos: rows.length,
    realizados: count('realizado'),
    faltas: count('faltou'),
    cancelados: count('cancelado'),
    valorAgendadoInCents: sum(live),
    valorRecebidoInCents: sum(live.filter((r) => r.a.estaPago)),
  }
}

function breakdown(
  rows: Enriched[],
  keys: (r: Enriched) => string[],
  label: (key: string) => string,
): LinhaRelatorio[] {
  const groups = new Map<string, Enriched[]>()
  for (const r of rows) for (const key of new Set(keys(r))) groups.set(key, [...(groups.get(key) ?? []), r])
  return [...groups].map(([chave, list]) => ({ chave, rotulo: label(chave), ...figures(list) })).sort(byVolume)
}

export function mockSummary(store: MockStore, de: string, ate: string): Relatorio {
  const rows = inRange(store, de, ate)
  const totals = figures(rows)
  const waits = rows.filter((r) => r.inicio !== undefined).map((r) => r.inicio! - Date.parse(r.a.chegada!))
  const hours = new Map<string, number>()
  for (const r of rows.filter((x) => x.status !== 'cancelado')) {
    const d = new Date(r.a.datahora)
    const key = `${d.getUTCDay()} ${d.getUTCHours()}`
    hours.set(key, (hours.get(key) ?? 0) + 1)
  }
  const medicoNome = (id: string) => store.medicos.find((m) => m.id === id)?.nome ?? id
  return {
    de,
    ate,
    totais: {
      ...totals,
      cancelamentosTardios: rows.filter((r) => r.tardio).length,
      taxaFaltas: noShowRate(totals.realizados, totals.faltas),
      esperaMediaMinutos:
        waits.length === 0 ? null : Math.round(waits.reduce((s, w) => s + w, 0) / waits.length / 60_000),
      atendimentosComEspera: waits.length,
    },
    porStatus: STATUSES.map((status) => ({ status, agendamentos: rows.filter((r) => r.status === status).length })),
    por: {
      convenio: breakdown(
        rows,
        (r) => [r.a.convenio],
        (key) => key || SEM_CONVENIO,
      ),
      exame: breakdown(
        rows,
        (r) => r.a.exames,
        (key) => key,
      ),
      medico: breakdown(rows, (r) => [r.a.medicoId], medicoNome),
    },
    horarios: [...hours]
      .map(([key, agendamentos]) => {
        const [diaSemana, hora] = key.split(' ').map(Number) as [number, number]
        return { diaSemana, hora, agendamentos }
      })
      .sort((x, y) => x.diaSemana - y.diaSemana || x.hora - y.hora),
  }
}

export function mockAppointmentRows(store: MockStore, de: string, ate: string): LinhaPlanilha[] {
  return inRange(store, de, ate).map(({ a, status, inicio, tardio }) => ({
    id: a.id,
    datahora: a.datahora,
    paciente: store.pacientes.find((p) => p.id === a.pacienteId)?.nome ?? '',
    medico: store.medicos.find((m) => m.id === a.medicoId)?.nome ?? '',
    convenio: a.convenio,
    exames: [...a.exames],
    status,
    valorIncents: a.valorIncents,
    estapago: a.estaPago,
    chegada: a.chegada ?? null,
    inicio: inicio === undefined ? null : new Date(inicio).toISOString(),
    cancelamentoTardio: tardio,
  }))
}
