// Registers one call of the contract's `api` table: its method and path, its body schema and its success
// answer's schema, its status, and the call itself on the route's config (the auth hook reads `access`,
// the error handler the call's missing-fields message).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { ApiCall } from '@contract'
import type { TokenPayload } from '../plugins/context'
import type { JsonAnswer } from '../serializer'

type BodyOf<C extends ApiCall> = C extends { body: z.ZodType } ? z.output<C['body']> : undefined

export interface RouteContext<C extends ApiCall> {
  body: BodyOf<C>
  /** The signed-in user (from the token); only on calls that are not public. */
  user: TokenPayload
  request: FastifyRequest
  reply: FastifyReply
}

export function defineRoute<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  handler: (context: RouteContext<C>) => Promise<z.output<C['response']> | JsonAnswer>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      ...(call.body ? { body: call.body } : {}),
      response: { [call.status]: call.response },
    },
    config: { call },
    handler: async (request, reply) => {
      const result = await handler({ body: request.body as BodyOf<C>, user: request.user, request, reply })
      return reply.code(call.status).send(result)
    },
  })
}
