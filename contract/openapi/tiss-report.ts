// What the OpenAPI document says about TISS in the reports (tiss-report.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import type { tissReportCalls } from '../tiss-report'
import type { CallDoc } from './call-doc'
import { REPORT_RANGE_ERRORS } from './shared-errors'

export function tissReportCallDocs(): Record<keyof typeof tissReportCalls, CallDoc> {
  return {
    relatorioFaturamento: {
      tag: 'Relatórios',
      summary: 'Faturamento dos convênios de um período',
      description:
        'Por convênio e competência (o mês do agendamento), dos agendamentos com convênio (exceto Particular) de de a ate (dias da clínica, YYYY-MM-DD, no máximo 366 dias), calculado pelo banco: o agendado (agendamentos não cancelados e seu valor), o faturado (as guias em lotes TISS e seu valor), o recebido (o valor pago das guias Pago e Glosado), o glosado (o valor da guia menos o pago, nas guias Glosado ou em Recurso) e quantas guias aguardam retorno. Valores em centavos. Sem dados de pacientes. ADMIN vê qualquer período; os demais, só o fechamento de hoje.',
      answer:
        'de, ate e linhas (por nome do convênio e competência): convenioId, convenio, competencia (YYYY-MM), agendamentos, agendadoInCents, guias, faturadoInCents, recebidoInCents, glosadoInCents, aguardando.',
      errors: REPORT_RANGE_ERRORS,
    },
  }
}
