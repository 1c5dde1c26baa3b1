// Registers one call of the contract's `api` table: its method and path, its body schema and its success
// answer's schema, its status, and the call itself on the route's config (the auth hook reads `access`,
// the error handler the call's missing-fields message).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { ApiCall } from '@contract'
import type { TokenPayload } from '../plugins/context'
import type { SessionCheck } from '../plugins/session-check'
import type { JsonAnswer } from '../http/serializer'

type BodyOf<C extends ApiCall> = C extends { body: z.ZodType } ? z.output<C['body']> : undefined

export interface RouteContext<C extends ApiCall> {
  body: BodyOf<C>
  /** The signed-in user (from the token); only on calls that are not public. */
  user: TokenPayload
  /**
   * The session check (plugins/session-check.ts): settled already, except on a route registered with
   * `defineRouteWithSessionInStatement`, whose first statement reads the role (`session.values`, then
   * `session.settle`).
   */
  session: SessionCheck
  request: FastifyRequest
  reply: FastifyReply
}

export function defineRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: RouteContext<C>) => Promise<z.output<C['response']> | JsonAnswer>,
  options: { sessionInStatement?: boolean } = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      ...(call.body ? { body: call.body } : {}),
      response: { [call.status]: call.response },
    },
    config: { call, sessionInStatement: options.sessionInStatement === true },
    handler: async (request, reply) => {
      const { session } = request
      const result = await handler({
        body: request.body as BodyOf<C>,
        user: request.user,
        session: session!,
        request,
        reply,
      })
      // nothing is answered on a session no statement checked (the check's own query then)
      if (session !== undefined && !session.settled) await session.ensure()
      return reply.code(call.status).send(result)
    },
  })
}

/**
 * A hot call whose handler settles the session with its first statement (plugins/session-check.ts) instead of
 * the auth hook's own query: `context.session.values` go into that statement, `context.session.settle` takes
 * the role it read.
 */
export function defineRouteWithSessionInStatement<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: RouteContext<C>) => Promise<z.output<C['response']> | JsonAnswer>,
): void {
  defineRoute(app, call, handler, { sessionInStatement: true })
}
