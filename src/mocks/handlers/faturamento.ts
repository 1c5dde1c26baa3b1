// TISS billing (issue 37), as server/routes/faturamento.ts answers on this branch: the month's realized
// appointments of a convênio not yet billed, with what each lacks. The data entry of issue 37 points 1–3 (the
// convênio's 'Código do prestador', the requesting doctor, the CBO) is not kept yet, so nothing is 'Pronta' and
// no batch is ever generated here: 'Gerar lote' answers that nothing is ready, and the batch calls find none.
// The mock writes no XML (the server's generator validates against the XSDs in Node).
import { messages, tissBillingMessages as m, type AtendimentoFaturavel } from '@contract'
import { fail, mockRoute } from '../pipeline'
import type { MockStore } from '../store'

function pendentes(store: MockStore, convenioId: string, competencia: string): AtendimentoFaturavel[] {
  const convenio = store.convenios.find((c) => c.id === convenioId)
  return store.agendamentos
    .filter(
      (a) =>
        a.status === 'realizado' &&
        a.datahora.startsWith(competencia) &&
        store.agendamentoCatalogo[a.id]?.convenioId === convenioId,
    )
    .sort((a, b) => a.datahora.localeCompare(b.datahora) || a.id.localeCompare(b.id))
    .map((a) => {
      const detalhes = store.agendamentoCatalogo[a.id]!
      const exames = detalhes.exames
      const faltas: string[] = []
      if (!/^\d{6}$/.test(convenio?.ans ?? '')) faltas.push('Falta o registro ANS do convênio')
      faltas.push('Falta o código do prestador na operadora', 'Falta o médico solicitante')
      if (detalhes.carteirinha.trim() === '') faltas.push('Falta a carteirinha')
      faltas.push('Falta o CBO do médico')
      const semTuss = exames.length === 0 || exames.some((e) => !store.exames.find((x) => x.id === e.exameId)?.tuss)
      if (semTuss) faltas.push('Exame sem código TUSS')
      const paciente = store.pacientes.find((p) => p.id === a.pacienteId)
      return {
        agendamentoId: a.id,
        datahora: a.datahora.slice(0, 19),
        paciente: paciente?.nome ?? '',
        exames: exames.map((e) => e.nome),
        valorIncents: exames.reduce((sum, e) => sum + (e.valorIncents ?? 0), 0) || a.valorIncents,
        faltas,
      }
    })
}

export const faturamentoHandlers = [
  mockRoute('faturamentoPendentes', (body, { store }) => ({
    atendimentos: pendentes(store, body.convenioId, body.competencia),
  })),
  mockRoute('gerarLoteTiss', (body, { store }) => {
    if (!store.convenios.some((c) => c.id === body.convenioId)) fail(404, messages.convenioNotFound)
    return fail(400, m.nothingReady)
  }),
  mockRoute('lotesTiss', () => ({ lotes: [] })),
  mockRoute('xmlLoteTiss', () => fail(404, m.loteNotFound)),
  mockRoute('enviarLoteTiss', () => fail(404, m.loteNotFound)),
  mockRoute('retornoGuiaTiss', () => fail(404, m.guiaNotFound)),
  mockRoute('recursoGuiaTiss', () => fail(404, m.guiaNotFound)),
]
