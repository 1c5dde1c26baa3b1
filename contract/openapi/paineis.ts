// What the OpenAPI document says about the waiting room's TV panel calls (paineis.ts), in Portuguese;
// spread into callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import { PAINEL_CODIGO_DIGITS, PAINEL_CODIGO_MINUTES, PAINEL_EVENTOS_PATH, type painelCalls } from '../paineis'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Clínica e mensagens'
const CODIGO = `um código de uso único de ${PAINEL_CODIGO_DIGITS} números, válido por ${PAINEL_CODIGO_MINUTES} minutos (guardado só como hash)`

export function painelCallDocs(): Record<keyof typeof painelCalls, CallDoc> {
  return {
    paineis: {
      tag: TAG,
      summary: 'Painéis da sala de espera',
      description:
        'Os painéis (TVs) da sala de espera, do mais novo ao mais antigo: nome, criação, último acesso, se há uma TV pareada, validade do código em aberto e revogação; e como os painéis mostram o paciente chamado.',
      answer: '{ paineis, exibicao }.',
    },
    criarPainel: {
      tag: TAG,
      summary: 'Criar painel',
      description: `Cria um painel com o nome dado (por exemplo "Recepção TV") e devolve ${CODIGO}, para digitar na TV em /painel.`,
      answer: '{ painel, codigo, expiraEm }: o código é mostrado só nesta resposta.',
      errors: { 400: [messages.panelNameRequired] },
    },
    codigoPainel: {
      tag: TAG,
      summary: 'Novo código de pareamento',
      description: `Gera ${CODIGO} para um painel não revogado. Parear com ele troca a TV pareada antes.`,
      answer: '{ painel, codigo, expiraEm }.',
      errors: { 404: [messages.panelNotFound] },
    },
    revogarPainel: {
      tag: TAG,
      summary: 'Revogar painel',
      description:
        'Revoga o painel de vez: a credencial da TV e o código em aberto param na hora e o fluxo ao vivo aberto se fecha (em qualquer processo da API).',
      answer: '{ painel }.',
      errors: { 404: [messages.panelNotFound] },
    },
    salvarExibicaoPainel: {
      tag: TAG,
      summary: 'Como o painel mostra o paciente',
      description:
        'nome_inicial (primeiro nome e inicial do sobrenome, o padrão), senha (o número da senha de chegada do dia) ou nome_completo. Nunca o CPF.',
      answer: '{ exibicao }.',
    },
    parearPainel: {
      tag: TAG,
      summary: 'Parear a TV',
      description:
        'Sem token: a TV envia o código que o administrador recebeu (espaços e hífens são ignorados). Um código errado, usado ou vencido responde 401 e conta no limite de recusas por endereço. A credencial devolvida (Authorization: Bearer) lê só as chamadas do seu painel; qualquer outra chamada da API com ela responde 403.',
      answer: '{ credencial, painel }: a credencial é mostrada só nesta resposta.',
      errors: { 400: [messages.panelCodeInvalid], 401: [messages.panelCodeInvalid] },
    },
    painelChamadas: {
      tag: TAG,
      summary: 'Chamadas do painel',
      description: `Só com a credencial do painel. O nome do painel e as últimas chamadas do dia, da mais recente para a mais antiga, com o nome como a clínica escolheu (nunca o CPF) e a sala. O mesmo conteúdo chega ao vivo por GET /api${PAINEL_EVENTOS_PATH} (Server-Sent Events: um evento a cada chamada, com a mesma credencial no cabeçalho Authorization).`,
      answer: '{ painel, chamadas }.',
      errors: { 401: [messages.panelRevoked], 403: [messages.panelNotAPanel] },
    },
  }
}

/** The live feed (Server-Sent Events): in the document beside the table's calls, not a call of it. */
export function painelEventosOperation(): Record<string, unknown> {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  })
  return {
    operationId: 'painelEventos',
    tags: [TAG],
    summary: 'Chamadas do painel ao vivo',
    description:
      'Só com a credencial do painel (Authorization: Bearer; um EventSource do navegador não envia cabeçalhos, por isso o painel lê com fetch). text/event-stream: um evento data com { painel, chamadas } ao abrir e a cada chamada ou mudança de exibição, feita em qualquer processo da API; um comentário a cada 25 segundos. O fluxo se fecha quando o painel é revogado ou pareado de novo; o painel reconecta sozinho.',
    responses: {
      200: { description: 'O fluxo de eventos.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      401: error(
        `Sem credencial, ou credencial revogada: "${messages.unauthenticated}" ou "${messages.panelRevoked}".`,
      ),
      403: error(`Um token de usuário: "${messages.panelNotAPanel}".`),
    },
  }
}
