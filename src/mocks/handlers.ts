// msw handlers for every call of the contract's `api` table, over an in-memory store. They answer as the
// real server does (DESIGN.md): token 401 → role 403 → body 400 → semantics, the same statuses, the same
// Portuguese `error` sentences, answers shaped by the contract's response schemas. The contract suite
// (tests/contract) runs the same checks against these handlers and the server so that they cannot drift.
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import type { z } from 'zod'
import {
  BODY_LIMIT_BYTES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_SECONDS,
  AGENDAMENTO_FIELDS,
  api,
  canonicalJson,
  HISTORICO_MAX_ENTRIES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  isBeforeClinicToday,
  isValidIdempotencyKey,
  messages,
  PACIENTE_FIELDS,
  PAGE_SIZE,
  validationErrorBody,
  type Agendamento,
  type HistoricoEntry,
  type Api,
  type ApiCall,
  type CallAnswer,
  type CallName,
  type ErrorBody,
} from '@contract'
import { openApiHandler } from './openapi-handler'
import {
  createStore,
  newId,
  searchKey,
  type MockStore,
  type StoredAgendamento,
  type StoredAuditEntry,
  type StoredPaciente,
  type StoredUser,
} from './store'

const LOGIN_WINDOW_MS = LOGIN_WINDOW_SECONDS * 1000

/** The token the mock hands out for a user: opaque to the PWA, readable here. */
export const mockToken = (userId: string) => `mock.${userId}`

export interface HandlerOptions {
  /** Milliseconds to wait before answering (demo mode feels like a network); 0 in tests. */
  delayMs?: number
}

type BodyOf<N extends CallName> = Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined

interface Context {
  store: MockStore
  /** The signed-in user; absent only on public calls. */
  user: StoredUser
  /** The token sent (signed-in calls). */
  token: string
}

/** The calls answered from the store; `openapi` has a handler of its own (openapi-handler.ts). */
type StoreCallName = Exclude<CallName, 'openapi'>
type Implementation = { [N in StoreCallName]: (body: BodyOf<N>, ctx: Context) => CallAnswer<N> }

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

function fail(status: number, error: string, headers?: Record<string, string>): never {
  throw new MockHttpError(status, { error }, headers)
}

const page = <T>(rows: T[], pageNumber: number): T[] => rows.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE)

/** As the server: the unaccented name, then the name itself, then the id (a total order: stable pages). */
const byPacienteOrder = (a: StoredPaciente, b: StoredPaciente) =>
  compare(searchKey(a.nome), searchKey(b.nome)) || compare(a.nome, b.nome) || compare(a.id, b.id)
const byAgendamentoOrder = (a: StoredAgendamento, b: StoredAgendamento) =>
  compare(Date.parse(a.datahora), Date.parse(b.datahora)) || compare(a.id, b.id)

/** Code-unit order, as PostgreSQL's C collation (the database runs with the builtin C locale). */
function compare<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0
}

const iso = (value: string) => new Date(value).toISOString()

function activePaciente(store: MockStore, id: string): StoredPaciente {
  const found = store.pacientes.find((p) => p.id === id && p.ativo)
  return found ?? fail(404, messages.patientNotFound)
}

function anyPaciente(store: MockStore, id: string): StoredPaciente {
  return store.pacientes.find((p) => p.id === id) ?? fail(404, messages.patientNotFound)
}

function medico(store: MockStore, id: string) {
  return store.medicos.find((m) => m.id === id) ?? fail(404, messages.doctorNotFound)
}

function agendamento(store: MockStore, id: string): StoredAgendamento {
  return store.agendamentos.find((a) => a.id === id) ?? fail(404, messages.appointmentNotFound)
}

/** An appointment as read back: names of patient and doctor included, `estapago`. */
function readAgendamento(store: MockStore, a: StoredAgendamento): Agendamento {
  const p = store.pacientes.find((x) => x.id === a.pacienteId)
  const m = store.medicos.find((x) => x.id === a.medicoId)
  return {
    id: a.id,
    datahora: a.datahora,
    anotacao: a.anotacao,
    convenio: a.convenio,
    valorIncents: a.valorIncents,
    estapago: a.estaPago,
    userId: a.userId,
    pacienteId: a.pacienteId,
    medicoId: a.medicoId,
    paciente: { id: a.pacienteId, nome: p?.nome ?? '' },
    doutor: { id: a.medicoId, nome: m?.nome ?? '' },
    exames: [...a.exames],
    versao: a.versao,
  }
}

function agendamentoRows(store: MockStore, rows: StoredAgendamento[], pageNumber: number | undefined) {
  const sorted = [...rows].sort(byAgendamentoOrder)
  const chosen = pageNumber === undefined ? sorted : page(sorted, pageNumber)
  return { agendamentos: chosen.map((a) => readAgendamento(store, a)) }
}

function pacienteRows(rows: StoredPaciente[], pageNumber: number) {
  return { pacientes: page([...rows].sort(byPacienteOrder), pageNumber).map((p) => ({ ...p })) }
}

const inRange = (datahora: string, start: string, end: string) => {
  const t = Date.parse(datahora)
  return t >= Date.parse(start) && t <= Date.parse(end)
}

/** CPF and RG belong to one patient for good, active or not (409 'já existente ou já inativado'). */
function assertDocumentsFree(store: MockStore, cpf: string, rg: string, exceptId?: string) {
  if (store.pacientes.some((p) => p.id !== exceptId && (p.cpf === cpf || p.rg === rg))) fail(409, messages.patientAlreadyExists)
}

function assertSlotFree(store: MockStore, medicoId: string, datahora: string, exceptId?: string) {
  const t = Date.parse(datahora)
  if (store.agendamentos.some((a) => a.id !== exceptId && a.medicoId === medicoId && Date.parse(a.datahora) === t))
    fail(409, messages.slotTaken)
}

function assertVersion(current: number, sent: number | undefined) {
  if (sent !== undefined && sent !== current) fail(409, messages.staleWrite)
}

// ---- the audit trail (as the server's: names of the fields written or changed, never values) ----


function audit(store: MockStore, user: StoredUser, entry: Omit<StoredAuditEntry, 'at' | 'userId'>) {
  store.auditLog.push({ ...entry, fields: [...entry.fields], at: new Date(store.now()).toISOString(), userId: user.id })
}

function changed<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
}

function historicoOf(store: MockStore, entity: StoredAuditEntry['entity'], id: string): HistoricoEntry[] {
  return store.auditLog
    .filter((e) => e.entity === entity && e.entityId === id)
    .reverse()
    .slice(0, HISTORICO_MAX_ENTRIES)
    .map((e) => {
      const u = store.users.find((x) => x.id === e.userId)
      return { at: e.at, action: e.action, user: u ? { id: u.id, nome: u.nome } : null, fields: [...e.fields] }
    })
}

const implementation: Implementation = {
  health() {
    return { ok: true }
  },

  login(body, { store }) {
    const email = body.email.trim().toLowerCase()
    const now = store.now()
    // failures that left the window are forgotten
    store.loginFailures = store.loginFailures.filter((f) => now - f.at < LOGIN_WINDOW_MS)
    const recent = store.loginFailures.filter((f) => f.email === email).sort((a, b) => b.at - a.at)
    // While blocked even the right password is refused, and the refusal is not counted; the block ends
    // when the oldest of the last LOGIN_MAX_FAILURES failures leaves the window.
    const blocking = recent[LOGIN_MAX_FAILURES - 1]
    if (blocking) {
      const retryAfter = Math.max(1, Math.ceil((blocking.at + LOGIN_WINDOW_MS - now) / 1000))
      fail(429, messages.loginThrottled, { 'Retry-After': String(retryAfter) })
    }
    const user = store.users.find((u) => u.email.toLowerCase() === email)
    if (!user || user.password !== body.password) {
      store.loginFailures.push({ email, at: now })
      fail(401, messages.loginFailed)
    }
    // a successful sign-in clears this e-mail's failures
    store.loginFailures = store.loginFailures.filter((f) => f.email !== email)
    // the mock's token is one per user: a new sign-in makes it valid again after a sign-out
    store.revokedTokens = store.revokedTokens.filter((t) => t !== mockToken(user.id))
    return { token: mockToken(user.id), user: { id: user.id, nome: user.nome, role: user.role } }
  },

  logout(_body, { store, token }) {
    if (!store.revokedTokens.includes(token)) store.revokedTokens.push(token)
    return { ok: true }
  },

  registerUser(body, { store }) {
    if (store.users.some((u) => u.email.toLowerCase() === body.email.toLowerCase())) fail(409, messages.emailTaken)
    const user: StoredUser = { id: newId(), nome: body.nome, email: body.email.toLowerCase(), password: body.password, role: 'USER' }
    store.users.push(user)
    return { user: { id: user.id, nome: user.nome, email: user.email, role: user.role } }
  },

  listAgendamentosBetweenDate(body, { store }) {
    const rows = store.agendamentos.filter((a) => inRange(a.datahora, body.datainicior, body.datafimr))
    return agendamentoRows(store, rows, body.page)
  },

  listAgendamentos(body, { store }) {
    const nome = body.pacienteNome ? searchKey(body.pacienteNome) : ''
    const rows = store.agendamentos.filter((a) => {
      if (body.medicoId !== undefined && a.medicoId !== body.medicoId) return false
      if (body.datainicior !== undefined && body.datafimr !== undefined && !inRange(a.datahora, body.datainicior, body.datafimr)) return false
      if (nome) {
        const p = store.pacientes.find((x) => x.id === a.pacienteId)
        if (!p || !searchKey(p.nome).includes(nome)) return false
      }
      return true
    })
    return agendamentoRows(store, rows, body.page)
  },

  listAgendamentosByPaciente(body, { store }) {
    return agendamentoRows(store, store.agendamentos.filter((a) => a.pacienteId === body.pacienteId), body.page)
  },

  listAgendamentosByMedico(body, { store }) {
    return agendamentoRows(store, store.agendamentos.filter((a) => a.medicoId === body.medicoId), body.page)
  },

  findAgendamento(body, { store }) {
    return { agendamento: readAgendamento(store, agendamento(store, body.id)) }
  },

  registerAgendamento(body, { store, user }) {
    activePaciente(store, body.pacienteId)
    medico(store, body.medicoId)
    const datahora = iso(body.datahora)
    assertSlotFree(store, body.medicoId, datahora)
    const row: StoredAgendamento = {
      id: newId(),
      datahora,
      anotacao: body.anotacao,
      convenio: body.convenio,
      valorIncents: body.valorIncents,
      estaPago: body.estaPago,
      exames: [...body.exames],
      // the creator is who signed in, whatever the body says
      userId: user.id,
      pacienteId: body.pacienteId,
      medicoId: body.medicoId,
      versao: 1,
    }
    store.agendamentos.push(row)
    audit(store, user, { action: 'create', entity: 'agendamento', entityId: row.id, fields: [...AGENDAMENTO_FIELDS] })
    return { agendamento: readAgendamento(store, row) }
  },

  updateAgendamento(body, { store, user }) {
    const row = agendamento(store, body.id)
    const before = readAgendamento(store, row)
    assertVersion(row.versao, body.versao)
    const datahora = iso(body.datahora)
    // an appointment may keep its past date-time; moving it to a day before today is refused
    if (datahora !== row.datahora && isBeforeClinicToday(datahora)) fail(400, messages.dateBeforeToday)
    activePaciente(store, body.pacienteId)
    medico(store, body.medicoId)
    assertSlotFree(store, body.medicoId, datahora, row.id)
    Object.assign(row, {
      datahora,
      anotacao: body.anotacao,
      convenio: body.convenio,
      valorIncents: body.valorIncents,
      estaPago: body.estaPago,
      exames: [...body.exames],
      pacienteId: body.pacienteId,
      medicoId: body.medicoId,
      versao: row.versao + 1,
    })
    const after = readAgendamento(store, row)
    audit(store, user, { action: 'update', entity: 'agendamento', entityId: row.id, fields: changed(before, after, AGENDAMENTO_FIELDS) })
    return { agendamento: after }
  },

  deleteAgendamento(body, { store, user }) {
    const row = agendamento(store, body.id)
    store.agendamentos.splice(store.agendamentos.indexOf(row), 1)
    audit(store, user, { action: 'delete', entity: 'agendamento', entityId: row.id, fields: [] })
    return { ok: true }
  },

  historicoAgendamento(body, { store }) {
    const historico = historicoOf(store, 'agendamento', body.id)
    if (historico.length === 0) agendamento(store, body.id)
    return { historico }
  },

  listPacientes(body, { store }) {
    return pacienteRows(store.pacientes.filter((p) => p.ativo), body.page)
  },

  findPacientesByNome(body, { store }) {
    const nome = searchKey(body.nomer)
    return pacienteRows(store.pacientes.filter((p) => p.ativo && searchKey(p.nome).includes(nome)), body.page)
  },

  findPacienteByCpf(body, { store }) {
    const found = store.pacientes.find((p) => p.ativo && p.cpf === body.cpf)
    return { paciente: { ...(found ?? fail(404, messages.patientNotFound)) } }
  },

  findPacienteByRg(body, { store }) {
    const found = store.pacientes.find((p) => p.ativo && p.rg === body.rg)
    return { paciente: { ...(found ?? fail(404, messages.patientNotFound)) } }
  },

  findPaciente(body, { store }) {
    return { paciente: { ...anyPaciente(store, body.id) } }
  },

  listPacientesInativos(body, { store }) {
    return pacienteRows(store.pacientes.filter((p) => !p.ativo), body.page)
  },

  registerPaciente(body, { store, user }) {
    assertDocumentsFree(store, body.cpf, body.rg)
    const { userId: _ignored, ...fields } = body
    const row: StoredPaciente = {
      ...fields,
      datanascimento: iso(fields.datanascimento),
      id: newId(),
      // the creator is who signed in, whatever the body says
      userId: user.id,
      ativo: true,
      versao: 1,
    }
    store.pacientes.push(row)
    audit(store, user, { action: 'create', entity: 'paciente', entityId: row.id, fields: [...PACIENTE_FIELDS] })
    return { paciente: { ...row } }
  },

  updatePaciente(body, { store, user }) {
    const row = activePaciente(store, body.id)
    assertVersion(row.versao, body.versao)
    assertDocumentsFree(store, body.cpf, body.rg, row.id)
    const before = { ...row }
    const { id: _id, versao: _versao, ...fields } = body
    Object.assign(row, { ...fields, datanascimento: iso(fields.datanascimento), versao: row.versao + 1 })
    audit(store, user, { action: 'update', entity: 'paciente', entityId: row.id, fields: changed(before, row, PACIENTE_FIELDS) })
    return { paciente: { ...row } }
  },

  deletePaciente(body, { store, user }) {
    const row = activePaciente(store, body.id)
    if (store.agendamentos.some((a) => a.pacienteId === row.id)) fail(409, messages.patientHasAppointments)
    row.ativo = false
    row.versao += 1
    audit(store, user, { action: 'delete', entity: 'paciente', entityId: row.id, fields: ['ativo'] })
    return { ok: true }
  },

  ativarPaciente(body, { store, user }) {
    const row = anyPaciente(store, body.id)
    const wasActive = row.ativo
    if (!row.ativo) {
      row.ativo = true
      row.versao += 1
    }
    audit(store, user, { action: 'reactivate', entity: 'paciente', entityId: row.id, fields: wasActive ? [] : ['ativo'] })
    return { ok: true }
  },

  historicoPaciente(body, { store }) {
    const historico = historicoOf(store, 'paciente', body.id)
    if (historico.length === 0) anyPaciente(store, body.id)
    return { historico }
  },

  exportarPaciente(body, { store, user }) {
    const paciente = anyPaciente(store, body.id)
    audit(store, user, { action: 'export', entity: 'paciente', entityId: paciente.id, fields: [] })
    const own = store.agendamentos.filter((a) => a.pacienteId === paciente.id).sort(byAgendamentoOrder)
    return {
      paciente: { ...paciente },
      agendamentos: own.map((a) => readAgendamento(store, a)),
      historico: historicoOf(store, 'paciente', paciente.id),
    }
  },

  listMedicos(_body, { store }) {
    return { medicos: [...store.medicos].sort((a, b) => compare(a.nome, b.nome) || compare(a.id, b.id)).map((m) => ({ ...m })) }
  },

  findMedico(body, { store }) {
    return { medico: { ...medico(store, body.id) } }
  },

  registerMedico(body, { store }) {
    const row = { id: newId(), nome: body.nome }
    store.medicos.push(row)
    return { medico: { ...row } }
  },
}

/** Every /api answer, errors included, is `Cache-Control: no-store` (as the server's). */
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
  return store.users.find((u) => u.id === id)
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

async function answer(name: StoreCallName, request: Request, store: MockStore): Promise<Response> {
  const call: ApiCall = api[name]
  try {
    let user: StoredUser | undefined
    if (call.access !== 'public') {
      user = signedInUser(store, request)
      if (!user) fail(401, messages.unauthenticated)
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
    const run = implementation[name] as (body: unknown, ctx: Context) => unknown
    const result = call.response.parse(run(body, { store, user: user!, token: bearerToken(store, request) ?? '' }))
    if (idempotencyKey !== undefined) store.idempotency[idempotencyKey] = { hash: canonicalJson(body), status: call.status, body: result }
    return json(call.status, result)
  } catch (error) {
    if (error instanceof MockHttpError) return json(error.status, error.body, error.headers)
    throw error
  }
}

/** One handler per call of the `api` table, on `*\/api<path>` (relative requests in jsdom and the browser). */
export function createHandlers(store: MockStore, options: HandlerOptions = {}): HttpHandler[] {
  const { delayMs = 0 } = options
  const handlers = (Object.keys(implementation) as StoreCallName[]).map((name) => {
    const call: ApiCall = api[name]
    const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'
    return http[method](`*/api${call.path}`, async ({ request }) => {
      if (delayMs > 0) await delay(delayMs)
      return answer(name, request, store)
    })
  })
  handlers.push(openApiHandler)
  // Anything else under /api is the server's 404, not a request that escapes to the network.
  handlers.push(http.all('*/api/*', () => json(404, { error: messages.routeNotFound })))
  return handlers
}

/** The store behind the default `handlers` (the demo data). */
export const defaultStore: MockStore = createStore()

/** Handlers over `defaultStore`. */
export const handlers: HttpHandler[] = createHandlers(defaultStore)
