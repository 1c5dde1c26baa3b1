// The report figures computed from the mock's store, as server/repositories/reports.ts computes them in
// PostgreSQL (docs/decisions.md, "Reports"); tests/contract/reports-suite.ts holds both to the same numbers.
import {
  byVolume,
  catalogueNameKey,
  CLINIC_UTC_OFFSET_HOURS,
  datePart,
  LATE_CANCEL_HOURS,
  noShowRate,
  formaPagamentoLabels,
  modalidadeLabels,
  receivedOf,
  SEM_CONVENIO,
  SEM_EQUIPAMENTO,
  SEM_FORMA,
  SEM_MODALIDADE,
  statusOf,
  STATUSES,
  type FormaPagamento,
  type LinhaPlanilha,
  type LinhaRelatorio,
  type Modalidade,
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

/**
 * An appointment booked by the specification's calls (free-text exams): when every name is a catalogue
 * exam's (compared as the unique index compares them) and they share one modality, its whole value goes there.
 */
function freeTextModality(store: MockStore, a: StoredAgendamento): { modalidade: Modalidade; preco: number }[] {
  const found = a.exames.map((nome) => store.exames.find((e) => catalogueNameKey(e.nome) === catalogueNameKey(nome)))
  const modalities = new Set(found.map((e) => e?.modalidade))
  const [only] = modalities
  return a.exames.length > 0 && modalities.size === 1 && only !== undefined
    ? [{ modalidade: only, preco: a.valorIncents }]
    : []
}

interface Enriched {
  a: StoredAgendamento
  status: Status
  inicio: number | undefined
  tardio: boolean
  /** Its payments (in the order recorded) and what it received (docs/decisions.md, "Reports"). */
  payments: { forma: FormaPagamento; valorIncents: number }[]
  recebido: number
  /** Its catalogue exam copies with their modality and price (0 when it had none). */
  copies: { modalidade: Modalidade; preco: number }[]
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
      const payments = store.pagamentos
        .filter((p) => p.agendamentoId === a.id)
        .sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0))
      const booked = store.agendamentoCatalogo[a.id]?.exames ?? []
      const copies =
        booked.length > 0
          ? booked.flatMap((c) => {
              const exame = store.exames.find((e) => e.id === c.exameId)
              return exame ? [{ modalidade: exame.modalidade, preco: c.valorIncents ?? 0 }] : []
            })
          : freeTextModality(store, a)
      return {
        a,
        status,
        inicio: started ? lastMove(store, a.id, 'em_atendimento') : undefined,
        tardio: cancelled !== undefined && real - cancelled < LATE_CANCEL_HOURS * HOUR_MS,
        payments,
        recebido: receivedOf(
          a.valorIncents,
          a.estaPago,
          payments.map((p) => p.valorIncents),
        ),
        copies,
      }
    })
}

/** What a row of a group adds to its values: booked and received (the whole appointment's unless given). */
interface Valued {
  r: Enriched
  booked: number
  received: number
}
const whole = (r: Enriched): Valued => ({ r, booked: r.a.valorIncents, received: r.recebido })

function figures(rows: Valued[]) {
  const live = rows.filter((v) => v.r.status !== 'cancelado')
  const count = (status: Status) => rows.filter((v) => v.r.status === status).length
  return {
    agendamentos: rows.length,
    realizados: count('realizado'),
    faltas: count('faltou'),
    cancelados: count('cancelado'),
    valorAgendadoInCents: live.reduce((total, v) => total + v.booked, 0),
    valorRecebidoInCents: live.reduce((total, v) => total + v.received, 0),
  }
}

/** Groups by the keys each appointment gives (each key once per appointment, with what it values there). */
function breakdown(
  rows: Enriched[],
  keys: (r: Enriched) => Map<string, Valued> | string[],
  label: (key: string) => string,
): LinhaRelatorio[] {
  const groups = new Map<string, Valued[]>()
  for (const r of rows) {
    const given = keys(r)
    const valued = Array.isArray(given) ? new Map(given.map((key) => [key, whole(r)])) : given
    for (const [key, v] of valued) groups.set(key, [...(groups.get(key) ?? []), v])
  }
  return [...groups].map(([chave, list]) => ({ chave, rotulo: label(chave), ...figures(list) })).sort(byVolume)
}

/** A form's payments; '' for an appointment marked paid with none recorded. */
function byForm(r: Enriched): Map<string, Valued> {
  const out = new Map<string, Valued>()
  if (r.payments.length === 0) {
    if (r.a.estaPago) out.set('', whole(r))
    return out
  }
  for (const p of r.payments) {
    const v = out.get(p.forma) ?? { r, booked: r.a.valorIncents, received: 0 }
    out.set(p.forma, { ...v, received: v.received + p.valorIncents })
  }
  return out
}

/** The copies' modalities at their prices, received once paid in full; '' for none, valued as a whole. */
function byModality(r: Enriched): Map<string, Valued> {
  if (r.copies.length === 0)
    return new Map([['', { r, booked: r.a.valorIncents, received: r.a.estaPago ? r.a.valorIncents : 0 }]])
  const out = new Map<string, Valued>()
  for (const c of r.copies) {
    const booked = (out.get(c.modalidade)?.booked ?? 0) + c.preco
    out.set(c.modalidade, { r, booked, received: r.a.estaPago ? booked : 0 })
  }
  return out
}

export function mockSummary(store: MockStore, de: string, ate: string): Relatorio {
  const rows = inRange(store, de, ate)
  const totals = figures(rows.map(whole))
  // a wait runs from arrival to start; a start recorded before the arrival is a slip, left out
  const waits = rows
    .filter((r) => r.inicio !== undefined)
    .map((r) => r.inicio! - Date.parse(r.a.chegada!))
    .filter((w) => w >= 0)
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
      formaPagamento: breakdown(rows, byForm, (key) =>
        key === '' ? SEM_FORMA : formaPagamentoLabels[key as FormaPagamento],
      ),
      modalidade: breakdown(rows, byModality, (key) =>
        key === '' ? SEM_MODALIDADE : modalidadeLabels[key as Modalidade],
      ),
      equipamento: breakdown(
        rows,
        (r) => [r.a.equipamentoId ?? ''],
        (key) => store.equipamentos.find((e) => e.id === key)?.nome ?? SEM_EQUIPAMENTO,
      ),
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
  return inRange(store, de, ate).map(({ a, status, inicio, tardio, payments, recebido, copies }) => ({
    id: a.id,
    datahora: a.datahora,
    paciente: store.pacientes.find((p) => p.id === a.pacienteId)?.nome ?? '',
    medico: store.medicos.find((m) => m.id === a.medicoId)?.nome ?? '',
    convenio: a.convenio,
    exames: [...a.exames],
    status,
    valorIncents: a.valorIncents,
    estapago: a.estaPago,
    recebidoIncents: recebido,
    formasPagamento: [...new Set(payments.map((p) => p.forma))],
    modalidades: [...new Set(copies.map((c) => c.modalidade))],
    equipamento: store.equipamentos.find((e) => e.id === a.equipamentoId)?.nome ?? null,
    chegada: a.chegada ?? null,
    inicio: inicio === undefined ? null : new Date(inicio).toISOString(),
    cancelamentoTardio: tardio,
  }))
}
