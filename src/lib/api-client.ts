import type { CallAnswer, CallBody, CallName, ErrorBody } from '@contract'
import { messages } from '@contract/messages'
import { reportNetworkFailure, reportNetworkSuccess } from './offline/connectivity'
import { getSession } from './session'

/** Base of every call (docs/product.md §7: `{host}/api`). */
export const API_BASE = '/api'

/** A call that did not succeed: `status` 0 means the network failed (offline, server down). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: ErrorBody,
  ) {
    super(message)
    this.name = 'ApiError'
  }
  get isNetworkError() {
    return this.status === 0
  }
}

type UnauthorizedHandler = () => void
let onUnauthorized: UnauthorizedHandler = () => {}

/** The app registers what a 401 does (clear the session, go to /login); shared code stays generic. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler
}

/**
 * Register calls carry their creator (docs/product.md §7 sends `userId`): always the signed-in user, filled in here.
 * '/agendamento/agendar' books like the register call (docs/decisions.md "Agenda and equipment").
 */
const CREATOR_CALLS = ['registerPaciente', 'registerAgendamento', 'agendar'] as const satisfies readonly CallName[]
type CreatorCall = (typeof CREATOR_CALLS)[number]
const isCreatorCall = (name: CallName): name is CreatorCall => (CREATOR_CALLS as readonly CallName[]).includes(name)

/** What a caller sends: the body of the contract, without a register call's `userId`. */
export type SentBody<N extends CallName> = N extends CreatorCall ? Omit<CallBody<N>, 'userId'> : CallBody<N>

export interface CallOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
}

/**
 * The contract (its calls and their answers' schemas), loaded with the first call rather than with the first
 * screen: the app shell stays small (bench/journal/2026-11-24-issue-18-floor.md, "Size budget"), and every page
 * that calls the API imports the contract itself, so by then it is already there.
 */
let contract: Promise<[typeof import('@contract/api'), typeof import('@contract/entities')]> | undefined
const loadContract = () => (contract ??= Promise.all([import('@contract/api'), import('@contract/entities')]))

/**
 * Starts loading the contract now. For a first visit (src/main.tsx): nothing is cached yet, so its chunks come
 * over the network beside the first page's instead of after them, when the first call asks. A start from the
 * service worker does not: today's board paints from IndexedDB before any schema is needed.
 */
export function preloadContract(): void {
  void loadContract()
}

/** Calls one endpoint of the contract and returns its parsed answer, or throws an ApiError. */
export async function callApi<N extends CallName>(
  name: N,
  ...[sent, options]: SentBody<N> extends undefined
    ? [body?: undefined, options?: CallOptions]
    : [body: SentBody<N>, options?: CallOptions]
): Promise<CallAnswer<N>> {
  // The session as it is now, before anything is awaited: 'Sair' calls logout and clears the session
  // right after, and the call must still carry the token it revokes.
  const session = getSession()
  const token = session?.token
  let body: unknown = sent
  if (isCreatorCall(name)) {
    // Without a session nothing can be registered: the same outcome as the server's 401.
    if (!session) {
      onUnauthorized()
      throw new ApiError(401, messages.unauthenticated, { error: messages.unauthenticated })
    }
    body = { ...(sent as object), userId: session.user.id }
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options?.headers }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const payloadText = body === undefined ? undefined : JSON.stringify(body)
  const [{ api }, { ErrorBody }] = await loadContract()
  const call = api[name]

  let response: Response
  try {
    response = await fetch(`${API_BASE}${call.path}`, {
      method: call.method,
      headers,
      body: payloadText,
      signal: options?.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    // Offline or the server is gone: queries pause (not fail) until the connection is back.
    reportNetworkFailure()
    throw new ApiError(0, messages.fetchFailed)
  }
  reportNetworkSuccess()

  const payload: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const errorBody = ErrorBody.safeParse(payload)
    if (response.status === 401 && call.access !== 'public') onUnauthorized()
    throw new ApiError(
      response.status,
      errorBody.success ? errorBody.data.error : messages.fetchFailed,
      errorBody.success ? errorBody.data : undefined,
    )
  }
  return call.response.parse(payload) as CallAnswer<N>
}
