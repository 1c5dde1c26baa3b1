// TISS in the reports computed from the mock's store (issue 37 point 5), as server/repositories/tiss-report.ts
// computes them in PostgreSQL; tests/contract/tiss-report-suite.ts holds both to the same numbers.
import {
  byConvenioMonth,
  datePart,
  PARTICULAR_ID,
  statusOf,
  type LinhaFaturamento,
  type RelatorioFaturamento,
} from '@contract'
import type { MockStore } from './store'

export function mockTissReport(store: MockStore, de: string, ate: string): RelatorioFaturamento {
  const guias = new Map(store.lotesTiss.flatMap((l) => l.guias.map((g) => [g.agendamentoId, g] as const)))
  const rows = new Map<string, LinhaFaturamento>()
  for (const a of store.agendamentos) {
    const dia = datePart(a.datahora)
    const convenioId = store.agendamentoCatalogo[a.id]?.convenioId
    const convenio = convenioId ? store.convenios.find((c) => c.id === convenioId) : undefined
    // 'Particular' is paid at the desk, never billed
    if (dia < de || dia > ate || !convenio || convenio.id === PARTICULAR_ID) continue
    const competencia = dia.slice(0, 7)
    const key = `${convenio.id} ${competencia}`
    const row = rows.get(key) ?? {
      convenioId: convenio.id,
      convenio: convenio.nome,
      competencia,
      agendamentos: 0,
      agendadoInCents: 0,
      guias: 0,
      faturadoInCents: 0,
      recebidoInCents: 0,
      glosadoInCents: 0,
      aguardando: 0,
    }
    rows.set(key, row)
    if (statusOf(a) !== 'cancelado') {
      row.agendamentos += 1
      row.agendadoInCents += a.valorIncents
    }
    const g = guias.get(a.id)
    if (!g) continue
    row.guias += 1
    row.faturadoInCents += g.valorIncents
    if (g.situacao === 'aguardando') row.aguardando += 1
    else row.recebidoInCents += g.valorPagoIncents ?? 0
    if (g.situacao === 'glosado' || g.situacao === 'recurso')
      row.glosadoInCents += g.valorIncents - (g.valorPagoIncents ?? 0)
  }
  return { de, ate, linhas: [...rows.values()].sort(byConvenioMonth) }
}
