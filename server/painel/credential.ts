// A paired TV's device credential (docs/decisions.md, "The waiting room's panel"): told from a person's
// token by its prefix before anything is verified, so that it gets 403 on every call but its panel's feed,
// and checked against the stored hash (not revoked) on the feed's calls.
import type { FastifyRequest } from 'fastify'
import { messages, PAINEL_CREDENCIAL_PREFIX, type Access } from '@contract'
import type { Db } from '../db/client'
import * as paineisRepo from '../repositories/paineis'
import { recordRefusal, Refusal } from '../plugins/session-check'

declare module 'fastify' {
  interface FastifyRequest {
    /** The paired panel whose credential the request carries (calls of access 'painel' only). */
    painel?: { id: string; nome: string; credencialHash: string }
  }
}

/** The `Authorization: Bearer` value when it is a panel's credential. */
export function panelCredential(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header === undefined || !/^Bearer\s/i.test(header)) return undefined
  const token = header.slice(7).trim()
  return token.startsWith(PAINEL_CREDENCIAL_PREFIX) ? token : undefined
}

async function refuse(db: Db, request: FastifyRequest, status: 401 | 403, message: string): Promise<never> {
  const refusal = new Refusal(status, message, null)
  await recordRefusal(db, request, refusal)
  throw refusal
}

/**
 * The access check of a request that carries a panel's credential or calls a panel's call: a credential on
 * any other call → 403; a panel's call with no or a bad token → 401, with a person's token → 403, with a revoked or
 * unknown credential → 401 (the TV shows its pairing screen again).
 */
export async function checkPanelAccess(request: FastifyRequest, db: Db, access: Access): Promise<void> {
  const credencial = panelCredential(request)
  if (access !== 'painel') return refuse(db, request, 403, messages.panelOnlyFeed)
  if (credencial === undefined) {
    // a person's valid token is refused for what it is; no token or a bad one as on any call
    if (request.tokenClaims() === undefined) return refuse(db, request, 401, messages.unauthenticated)
    return refuse(db, request, 403, messages.panelNotAPanel)
  }
  const painel = await paineisRepo.byCredential(db, credencial)
  if (!painel) return refuse(db, request, 401, messages.panelRevoked)
  request.painel = { ...painel, credencialHash: paineisRepo.hashSecret(credencial) }
}
