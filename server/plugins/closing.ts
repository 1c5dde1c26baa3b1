// While the app closes (app.close(): drain, then stop), requests that still arrive — on kept-alive
// connections — get 503 with the contract's error body instead of Fastify's English one. Fastify's own
// `return503OnClosing` answers with a fixed body, so the app turns it off and does the same here.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { messages, type ErrorBody } from '@contract'

async function setupClosing(app: FastifyInstance): Promise<void> {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ error: messages.serverRestarting } satisfies ErrorBody)
  })
}

/** Not encapsulated: the 503 applies to every route of the app. */
export const closingPlugin = fp(setupClosing, { name: 'clinica-closing', fastify: '5.x' })
