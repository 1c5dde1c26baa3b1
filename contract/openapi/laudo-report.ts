// What the OpenAPI document says about the laudos' report (laudo-report.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import type { laudoReportCalls } from '../laudo-report'
import type { CallDoc } from './call-doc'
import { REPORT_RANGE_ERRORS } from './shared-errors'

export function laudoReportCallDocs(): Record<keyof typeof laudoReportCalls, CallDoc> {
  return {
    relatorioLaudos: {
      tag: 'Relatórios',
      summary: 'Laudos de um período',
      description:
        'Os laudos dos exames dos agendamentos Em atendimento ou Realizado de de a ate (dias da clínica, YYYY-MM-DD, no máximo 366 dias), calculados pelo banco: quantos em cada estado (Pendente — com ou sem laudo aberto —, Em edição, Liberado, Entregue; somam laudos), quantos atrasados (não liberados e hoje já passou da previsão: a data do exame mais o prazo do laudo em dias úteis da clínica), e o tempo do exame (o horário do agendamento) à primeira liberação, em horas com uma casa: mediana e percentil 90, com os liberados no prazo e com atraso. No total, por médico do laudo e por modalidade do exame. Sem dados de pacientes. ADMIN vê qualquer período; os demais, só o fechamento de hoje.',
      answer:
        'totais, porMedico e porModalidade (mais laudos primeiro): laudos, pendentes, emEdicao, liberados, entregues, atrasados, comTempo, liberadosNoPrazo, liberadosComAtraso, horasMediana e horasP90 (null sem laudo liberado).',
      errors: REPORT_RANGE_ERRORS,
    },
  }
}
