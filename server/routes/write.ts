// What every write route shares: one transaction for the change and its audit row, and for the register
// calls the Idempotency-Key header (a retried submission answers the first success again and creates
// nothing new).
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
  messages,
  type ApiCall,
} from '@contract'
import type { Db } from '../db/client'
import { HttpError } from '../plugins/errors'
import type { Executor } from '../repositories/executor'
import * as idempotency from '../repositories/idempotency'
import type { RouteContext } from './route'

/** The Idempotency-Key of a request: undefined when absent, 400 when malformed (or sent twice). */
export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
  if (raw === undefined) return undefined
  // Node joins a repeated header into one value ('a, b'): count the raw lines instead
  if (countHeader(request.raw.rawHeaders, IDEMPOTENCY_HEADER) > 1)
    throw new HttpError(400, messages.idempotencyKeyRepeated)
  if (typeof raw !== 'string' || !isValidIdempotencyKey(raw)) throw new HttpError(400, messages.idempotencyKeyInvalid)
  return raw
}

/** How many times a header was sent (rawHeaders alternates names and values). */
function countHeader(rawHeaders: string[], name: string): number {
  let count = 0
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === name.toLowerCase()) count++
  return count
}

/**
 * Runs a register call's write (`run`, which also records its audit row) in one transaction. With an
 * Idempotency-Key: the key is claimed in that transaction (primary key on user + call + key), and the
 * answer stored with it; the same key again replays the stored answer, the same key with another body is
 * refused (422). A write that fails rolls everything back, the key included: a retry runs again.
 */
export async function idempotentWrite<C extends ApiCall>(
  db: Db,
  call: C,
  context: RouteContext<C>,
  run: (tx: Executor) => Promise<z.output<C['response']>>,
): Promise<z.output<C['response']>> {
  const key = readIdempotencyKey(context.request)
  // Never committed on a session no statement checked (plugins/session-check.ts): `ensure` runs the check's
  // own query then, and is a no-op once settled.
  if (key === undefined)
    return db.transaction(async (tx) => {
      const result = await run(tx)
      await context.session.ensure(tx)
      return result
    })
  const ref = { userId: context.user.sub, call: call.path, key }
  const hash = idempotency.requestHash(context.body)
  const outcome = await db.transaction(async (tx) => {
    const claim = await idempotency.claim(tx, ref, hash)
    if (claim.kind === 'mismatch') throw new HttpError(422, messages.idempotencyKeyReused)
    if (claim.kind === 'replay') {
      await context.session.ensure(tx)
      return { replayed: true, body: JSON.parse(claim.body) as z.output<C['response']> }
    }
    const result = await run(tx)
    await context.session.ensure(tx)
    // what the serializer will send: the response schema's output, as JSON
    await idempotency.complete(tx, ref, call.status, JSON.stringify(call.response.parse(result)))
    return { replayed: false, body: result }
  })
  if (outcome.replayed) context.reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true')
  return outcome.body
}
