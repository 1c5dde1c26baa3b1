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
  /** issue 38 point 6: opens a Server-Sent Events stream under `/api` with a token (over real HTTP). */
  openEvents?(path: string, token: string): Promise<EventStream>
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

/** An open Server-Sent Events stream: its status, then its `data:` events one by one (raw text). */
export interface EventStream {
  status: number
  /** The next event's data; undefined when the stream ended. */
  next(): Promise<string | undefined>
  close(): void
}

/** Reads a fetch response as Server-Sent Events. */
export function eventStreamOf(response: Response, controller: AbortController): EventStream {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  return {
    status: response.status,
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n')
        if (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
          if (data.length > 0) return data.join('\n')
          continue
        }
        const read = await reader?.read()
        if (!read || read.done) return undefined
        buffer += read.value
      }
    },
    close: () => controller.abort(),
  }
}
