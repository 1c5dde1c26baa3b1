// The laudos' report figures computed from the mock's store (issue 36 point 9), as
// server/repositories/laudo-report.ts computes them in PostgreSQL; tests/contract/laudo-report-suite.ts holds
// both to the same numbers (docs/decisions.md, "The laudos in the reports").
import {
  byLaudos,
  CLINIC_UTC_OFFSET_HOURS,
  clinicHours,
  clinicToday,
  datePart,
  hoursOf,
  isLaudoLate,
  laudoDueDate,
  modalidadeLabels,
  percentileCont,
  statusOf,
  type LaudoEstado,
  type LinhaLaudos,
  type Modalidade,
  type RelatorioLaudos,
} from '@contract'
import type { MockStore } from './store'

const HOUR_MS = 3_600_000

interface Row {
  medicoId: string
  modalidade: Modalidade
  estado: LaudoEstado
  atrasado: boolean
  /** Exam → first release, in minutes; undefined when no version is released. */
  minutos: number | undefined
  liberadoTarde: boolean
}

function rowsOf(store: MockStore, de: string, ate: string, today: string): Row[] {
  const hours = clinicHours(store.clinica?.horarios)
  const rows: Row[] = []
  for (const a of store.agendamentos) {
    const dia = datePart(a.datahora)
    const status = statusOf(a)
    if (dia < de || dia > ate || (status !== 'em_atendimento' && status !== 'realizado')) continue
    // an exam listed twice in one appointment has one laudo
    const exameIds = new Set((store.agendamentoCatalogo[a.id]?.exames ?? []).map((e) => e.exameId))
    for (const exameId of exameIds) {
      const exame = store.exames.find((e) => e.id === exameId)
      const prazo = (exame as { prazoLaudoDias?: number } | undefined)?.prazoLaudoDias ?? 2
      const laudo = store.laudos.find((l) => l.agendamentoId === a.id && l.exameId === exameId)
      const released = (laudo?.versoes ?? [])
        .map((v) => v.liberadoEm)
        .filter((at): at is string => at !== null)
        .sort()[0]
      const due = laudoDueDate(dia, prazo, hours)
      const estado = laudo?.estado ?? 'Pendente'
      // the appointment's real instant: its wall-clock time minus the clinic's UTC offset
      const real = Date.parse(a.datahora) - CLINIC_UTC_OFFSET_HOURS * HOUR_MS
      rows.push({
        medicoId: laudo?.medicoId ?? a.medicoId,
        modalidade: (exame?.modalidade ?? 'Outros') as Modalidade,
        estado,
        atrasado: (estado === 'Pendente' || estado === 'Em edição') && isLaudoLate(due, today),
        minutos: released === undefined ? undefined : (Date.parse(released) - real) / 60_000,
        liberadoTarde: released !== undefined && isLaudoLate(due, clinicToday(new Date(released))),
      })
    }
  }
  return rows
}

function figures(rows: Row[]): RelatorioLaudos['totais'] {
  const count = (estado: LaudoEstado) => rows.filter((r) => r.estado === estado).length
  const timed = rows.filter((r) => r.minutos !== undefined)
  const minutes = timed.map((r) => r.minutos!)
  return {
    laudos: rows.length,
    pendentes: count('Pendente'),
    emEdicao: count('Em edição'),
    liberados: count('Liberado'),
    entregues: count('Entregue'),
    atrasados: rows.filter((r) => r.atrasado).length,
    comTempo: timed.length,
    liberadosNoPrazo: timed.filter((r) => !r.liberadoTarde).length,
    liberadosComAtraso: timed.filter((r) => r.liberadoTarde).length,
    horasMediana: hoursOf(percentileCont(minutes, 0.5)),
    horasP90: hoursOf(percentileCont(minutes, 0.9)),
  }
}

function groups(rows: Row[], key: (r: Row) => string, label: (key: string) => string): LinhaLaudos[] {
  const by = new Map<string, Row[]>()
  for (const r of rows) by.set(key(r), [...(by.get(key(r)) ?? []), r])
  return [...by].map(([chave, list]) => ({ chave, rotulo: label(chave), ...figures(list) })).sort(byLaudos)
}

export function mockLaudoReport(store: MockStore, de: string, ate: string): RelatorioLaudos {
  const rows = rowsOf(store, de, ate, clinicToday(new Date(store.now())))
  return {
    de,
    ate,
    totais: figures(rows),
    porMedico: groups(
      rows,
      (r) => r.medicoId,
      (id) => store.medicos.find((m) => m.id === id)?.nome ?? id,
    ),
    porModalidade: groups(
      rows,
      (r) => r.modalidade,
      (m) => modalidadeLabels[m as Modalidade],
    ),
  }
}
