// What the OpenAPI document says about the day boards' live feed (../day-feed.ts), in Portuguese. A
// function, so that the PWA's bundle leaves these texts out.
import { DIA_EVENTOS_RETRY_MS } from '../day-feed-path'
import { messages } from '../messages'

/** GET /agendamento/eventos (Server-Sent Events): in the document beside the table's calls, not a call of it. */
export function diaEventosOperation(): Record<string, unknown> {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  })
  return {
    operationId: 'diaEventos',
    tags: ['Agendamentos'],
    summary: 'Mudanças do dia ao vivo',
    description: `Para qualquer usuário conectado (Authorization: Bearer, o mesmo token das outras chamadas; o quadro lê com fetch, pois um EventSource do navegador não envia cabeçalhos). text/event-stream: a cada agendamento criado, alterado, movido, pago, chamado ou cancelado, por qualquer processo da API, um evento data com { dia, agendamentoId } — o dia da clínica (AAAA-MM-DD) e o agendamento (null quando uma só operação mudou vários agendamentos do dia). Nenhum dado pessoal: o quadro recarrega a lista do dia. Um comentário a cada 25 segundos; o fluxo se fecha quando a sessão termina. Reconectar após ${DIA_EVENTOS_RETRY_MS / 1000} s; enquanto isso, o quadro consulta POST /api/agendamento/versaoDia.`,
    responses: {
      200: { description: 'O fluxo de eventos.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      401: error(`Sem token, ou sessão encerrada: "${messages.unauthenticated}".`),
      503: error(`O banco de dados não está acessível: "${messages.databaseUnavailable}".`),
    },
  }
}
