// The request pipeline every mocked call goes through, in the server's order (docs/decisions.md, "API
// behaviour"): token 401 → role 403 → body (size 413, content type 415, JSON 400, the contract's schema
// 400) → Idempotency-Key → the call's own behaviour (handlers/<resource>.ts) → its answer, parsed with the
// contract's response schema. Errors have the server's shape, `{ error }`, and every answer is
// `Cache-Control: no-store`, as the server's.
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import type { z } from 'zod'
import {
  BODY_LIMIT_BYTES,
  api,
  canonicalJson,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isValidIdempotencyKey,
  messages,
  oneFieldError,
  TEMPORARY_PASSWORD_PATHS,
  validationErrorBody,
  type Api,
  type ApiCall,
  type CallAnswer,
  type CallName,
  type ErrorBody,
} from '@contract'
import type { MockStore, StoredUser } from './store'
import type { StoredPainel } from './store-shapes'
import { panelByCredential } from './painel-access'
import { announceDayChanges } from './day-feed'

/** The token the mock hands out for a user: opaque to the PWA, readable here. */
export const mockToken = (userId: string) => `mock.${userId}`

export interface HandlerOptions {
  /** Milliseconds to wait before answering (demo mode feels like a network); 0 in tests. */
  delayMs?: number
}

type BodyOf<N extends CallName> = Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined

/** What a call's behaviour is given besides its parsed body. */
export interface MockContext {
  store: MockStore
  /** The signed-in user; absent only on public calls. */
  user: StoredUser
  /** The token sent (signed-in calls). */
  token: string
  /** The paired panel whose credential was sent (calls of access 'painel' only). */
  painel?: StoredPainel
}

/** One call of the `api` table and what it does; `handler` binds it to a store (see handlers/index.ts). */
export interface MockRoute<N extends CallName = CallName> {
  name: N
  handler: (store: MockStore, options: HandlerOptions) => HttpHandler
}

/** An error answer: `{ error }` with a status, and headers when needed (Retry-After). */
class MockHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.error)
  }
}

/** Ends the call with a 400 on one field, as the server's rules checked after parsing (BodyValidationError). */
export function failField(field: string, message: string): never {
  throw new MockHttpError(400, validationErrorBody({}, oneFieldError(field, message)))
}

/** Ends the call with the server's error answer (what its routes throw as HttpError). */
export function fail(status: number, error: string, headers?: Record<string, string>): never {
  throw new MockHttpError(status, { error }, headers)
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  HttpResponse.json(body as Record<string, unknown>, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** The token of a request, when it is a mock token that was not signed out. */
function bearerToken(store: MockStore, request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  const token = match?.[1]
  if (!token?.startsWith('mock.') || store.revokedTokens.includes(token)) return undefined
  return token
}

function signedInUser(store: MockStore, request: Request): StoredUser | undefined {
  const token = bearerToken(store, request)
  if (!token) return undefined
  const id = token.slice('mock.'.length)
  // a deactivated user's token is refused, as the server's session check does
  return store.users.find((u) => u.id === id && u.ativo !== false)
}

/** The JSON body (null when none), or a MockHttpError with the server's answer for a body it cannot read. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text()
  if (new TextEncoder().encode(text).length > BODY_LIMIT_BYTES) fail(413, messages.payloadTooLarge)
  const type = request.headers.get('content-type')
  const isJson = type !== null && /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type)
  if (text === '') {
    // a JSON content type with nothing in it is broken JSON; no body at all reaches the schema as null
    // (as Fastify's request.body)
    if (isJson) fail(400, messages.invalidJson)
    return null
  }
  if (!isJson) fail(415, messages.unsupportedMediaType)
  try {
    return JSON.parse(text) as unknown
  } catch {
    return fail(400, messages.invalidJson)
  }
}

async function answer<N extends CallName>(
  name: N,
  run: (body: BodyOf<N>, context: MockContext) => CallAnswer<N>,
  request: Request,
  store: MockStore,
): Promise<Response> {
  const call: ApiCall = api[name]
  try {
    let user: StoredUser | undefined
    let painel: StoredPainel | undefined
    // a paired TV's credential reads its panel's feed and nothing else, as server/painel/credential.ts
    const credencial = /^Bearer\s+(painel\.\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
    if (call.access === 'painel' || credencial !== undefined) {
      if (call.access !== 'painel') fail(403, messages.panelOnlyFeed)
      // a person's valid token is refused for what it is; no token or a bad one as on any call
      if (credencial === undefined) {
        if (signedInUser(store, request)) fail(403, messages.panelNotAPanel)
        fail(401, messages.unauthenticated)
      }
      painel = panelByCredential(store, credencial)
      if (!painel) fail(401, messages.panelRevoked)
    } else if (call.access !== 'public') {
      user = signedInUser(store, request)
      if (!user) fail(401, messages.unauthenticated)
      // issue 34: as the server's session check, a temporary password is changed before anything else
      if (user.senhaTemporaria === true && !TEMPORARY_PASSWORD_PATHS.includes(call.path))
        fail(403, messages.temporaryPasswordMustChange)
      if (call.access === 'admin' && user.role !== 'ADMIN') fail(403, messages.forbidden)
    }
    let body: unknown = undefined
    if (call.body) {
      const parsed = call.body.safeParse(await readJson(request))
      if (!parsed.success) return json(400, validationErrorBody(call, parsed.error))
      body = parsed.data
    }
    // Idempotency-Key (register calls): the first success under a key is answered again, as the server does
    let idempotencyKey: string | undefined
    if (call.idempotent) {
      const key = request.headers.get(IDEMPOTENCY_HEADER)
      if (key !== null) {
        if (!isValidIdempotencyKey(key)) fail(400, messages.idempotencyKeyInvalid)
        idempotencyKey = `${user!.id} ${call.path} ${key}`
        const first = store.idempotency[idempotencyKey]
        if (first) {
          if (first.hash !== canonicalJson(body)) fail(422, messages.idempotencyKeyReused)
          return json(first.status, first.body, { [IDEMPOTENT_REPLAYED_HEADER]: 'true' })
        }
      }
    }
    const context: MockContext = { store, user: user!, token: bearerToken(store, request) ?? '', painel }
    const result = call.response.parse(run(body as BodyOf<N>, context))
    // the day boards' live feed hears of what a write changed (./day-feed.ts)
    if (call.method !== 'GET') announceDayChanges(store)
    if (idempotencyKey !== undefined)
      store.idempotency[idempotencyKey] = { hash: canonicalJson(body), status: call.status, body: result }
    // a document's bytes (the laudo's PDF) travel as they are, as the server sends them
    if (result instanceof Uint8Array)
      return new HttpResponse(result as Uint8Array<ArrayBuffer>, {
        status: call.status,
        headers: { 'Content-Type': 'application/pdf', 'Cache-Control': 'no-store' },
      })
    return json(call.status, result)
  } catch (error) {
    if (error instanceof MockHttpError) return json(error.status, error.body, error.headers)
    throw error
  }
}

/**
 * A call of the contract's `api` table on `*\/api<path>` (relative requests in jsdom and the browser),
 * answered through the pipeline by `run` — the mock's counterpart of the server's `defineRoute`.
 */
export function mockRoute<N extends CallName>(
  name: N,
  run: (body: BodyOf<N>, context: MockContext) => CallAnswer<N>,
): MockRoute<N> {
  const call: ApiCall = api[name]
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
  return {
    name,
    handler: (store, { delayMs = 0 }) =>
      http[method](`*/api${call.path}`, async ({ request }) => {
        if (delayMs > 0) await delay(delayMs)
        return answer(name, run, request, store)
      }),
  }
}

/** Anything else under /api is the server's 404, not a request that escapes to the network. */
export const unknownApiRoute = (): HttpHandler =>
  http.all('*/api/*', () => json(404, { error: messages.routeNotFound }))

/** Ends the call with an error answer that carries more than `{ error }` (a 409 with the server's record). */
export function failWithBody(status: number, body: ErrorBody & Record<string, unknown>): never {
  throw new MockHttpError(status, body)
}
