// What the contract suite talks to. Two targets implement it: msw-target.ts (the msw handlers, fetch
// through msw/node) and server-target.ts (the real server, Fastify's inject). Both start from the same
// state: the two users and nothing else.
import { api, type CallName } from '@contract'

export interface ContractResponse {
  status: number
  // The suite checks the body against the contract's schemas itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  /** Lowercased names. */
  headers: Record<string, string | undefined>
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** Path under `/api`, e.g. `/paciente/listAll`. */
  path: string
  payload?: string
  headers?: Record<string, string>
}

export interface TargetUser {
  id: string
  email: string
  password: string
  nome: string
}

export interface ContractTarget {
  readonly name: string
  readonly users: { admin: TargetUser; staff: TargetUser }
  readonly tokens: { admin: string; staff: string }
  /** One call of the `api` table; the body is sent as JSON as is (it may be wrong on purpose). */
  call(name: CallName, body?: unknown, token?: string): Promise<ContractResponse>
  /** Any request under `/api` (broken JSON, unknown routes, huge bodies). */
  request(request: RawRequest): Promise<ContractResponse>
  /**
   * Sets the clock of the day's time rules ('Desfazer' within 10 minutes, 'Marcar faltas') to an instant,
   * or back to the real time with undefined.
   */
  setClock?(instant: Date | undefined): void
  close(): Promise<void>
}

export function callRequest(name: CallName, body: unknown, token: string | undefined): RawRequest {
  const call = api[name]
  const headers: Record<string, string> = { accept: 'application/json' }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return {
    method: call.method,
    path: call.path,
    headers,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  }
}

export function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
