// What the OpenAPI document says about the laudo's worklist and editor calls (contract/laudos.ts), in
// Portuguese; spread into callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { LAUDO_WORKLIST_PAGE_SIZE, type laudoWorkCalls } from '../laudos'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Médicos'
const WHO = 'Somente usuários vinculados a um médico e administradores.'

export function laudoWorkCallDocs(): Record<keyof typeof laudoWorkCalls, CallDoc> {
  return {
    laudosPendentes: {
      tag: TAG,
      summary: 'Laudos a fazer',
      description: `${WHO} Os exames de agendamentos 'Em atendimento' ou 'Realizado' sem laudo liberado, um por exame do agendamento (com ou sem laudo aberto): paciente, exame, equipamento, data do exame, previsão (o prazo do laudo do exame em dias úteis da clínica) e 'atrasado'. meus: true mostra só os agendamentos do médico vinculado; modalidade e equipamentoId filtram (null: todos). Em ordem de data do exame, do mais antigo, em páginas de ${LAUDO_WORKLIST_PAGE_SIZE}: depois (opcional) é o proximo da página anterior; sem ele, a primeira página.`,
      answer: '{ laudos, proximo } (proximo: o cursor da página seguinte, null na última).',
      errors: { 400: [messages.laudoWorklistCursorInvalid], 403: [messages.laudoNotDoctor] },
    },
    abrirLaudo: {
      tag: TAG,
      summary: 'Abrir o laudo de um exame',
      description: `${WHO} Abre o laudo do exame do agendamento; na primeira vez cria o laudo ('Pendente') e o rascunho (versão 1, revisao 0) a partir do modelo do exame, com os marcadores preenchidos. Registrado no histórico (visualização).`,
      answer: '{ laudo, criado } (criado: true quando esta chamada o criou).',
      errors: {
        403: [messages.laudoNotDoctor],
        404: [messages.appointmentNotFound, messages.laudoExamNotFound],
        409: [messages.laudoNotReady],
      },
    },
    laudo: {
      tag: TAG,
      summary: 'Ler um laudo',
      description: `${WHO} O laudo com o rascunho (a versão mais alta não liberada) e, em liberado, o texto da última versão liberada (null antes da primeira liberação). Registrado no histórico (visualização).`,
      answer: '{ laudo }.',
      errors: { 403: [messages.laudoNotDoctor], 404: [messages.laudoNotFound] },
    },
    salvarLaudo: {
      tag: TAG,
      summary: 'Salvar o rascunho do laudo',
      description: `${WHO} Grava técnica, relatório, impressão e BI-RADS (0 a 6 ou null) no rascunho. revisao é a do texto de onde a edição partiu: se outra gravação veio antes, 409 com { error, laudo } (o texto do servidor), e nada muda. A primeira gravação passa o laudo para 'Em edição'. Registrado no histórico (só os nomes dos campos).`,
      answer: '{ laudo } com a nova revisao.',
      errors: {
        403: [messages.laudoNotDoctor],
        404: [messages.laudoNotFound],
        409: [messages.laudoConflict, messages.laudoReleased],
      },
    },
    laudosDoDia: {
      tag: TAG,
      summary: 'Estado dos laudos do dia',
      description:
        'Qualquer usuário. O estado do laudo de cada exame dos agendamentos do dia que já tem laudo (sem laudo: Pendente) e quantos laudos da clínica passaram da previsão sem serem liberados.',
      answer: '{ dia, laudos, atrasados }.',
    },
  }
}
