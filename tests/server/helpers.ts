// Shared helpers of the API tests: calling the contract's calls by name, valid bodies, CPFs.
import { createHmac } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import {
  addDays,
  api,
  clinicToday,
  type Agendamento,
  type ApiCall,
  type CallName,
  type Equipamento,
  type Medico,
  type Paciente,
} from '@contract'
import { TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import * as sessions from '../../server/repositories/sessions'

export type Who = 'admin' | 'staff' | 'anonymous' | { token: string }

export interface CallOptions {
  headers?: Record<string, string>
  remoteAddress?: string
}

/** Sends one call of the `api` table as `who`, with `body` as JSON (undefined: no body). */
export function call(
  t: TestApp,
  name: CallName,
  who: Who,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const spec: ApiCall = api[name]
  const headers: Record<string, string> = { ...options.headers }
  const token = who === 'anonymous' ? undefined : typeof who === 'string' ? t.tokens[who] : who.token
  if (token) headers.authorization = `Bearer ${token}`
  const hasBody = body !== undefined
  if (hasBody && headers['content-type'] === undefined) headers['content-type'] = 'application/json'
  return t.app.inject({
    method: spec.method,
    url: `/api${spec.path}`,
    headers,
    ...(hasBody ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
}

/** Asserts the status and returns the JSON body. */
export function expectStatus<T = Record<string, unknown>>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status)
  return response.json() as T
}

/** Asserts an error answer: status, `{ error }` (exact text when given), JSON. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  error?: string,
): { error: string; issues?: unknown } {
  const body = expectStatus<{ error: string; issues?: unknown }>(response, status)
  expect(typeof body.error).toBe('string')
  if (error !== undefined) expect(body.error).toBe(error)
  return body
}

/** A valid CPF made from a 9-digit base (check digits computed, módulo 11). */
export function makeCpf(base: number): string {
  const digits = String(base).padStart(9, '0').slice(-9).split('').map(Number)
  // avoid repeated-digit CPFs
  if (digits.every((d) => d === digits[0])) digits[8] = (digits[8]! + 1) % 10
  const check = (len: number) => {
    let sum = 0
    for (let i = 0; i < len; i++) sum += digits[i]! * (len + 1 - i)
    const rest = (sum * 10) % 11
    return rest === 10 ? 0 : rest
  }
  digits.push(check(9))
  digits.push(check(10))
  return digits.join('')
}

let serial = 100_000
/** A fresh number for CPFs/RGs within one test file. */
export const nextSerial = () => ++serial

export function pacienteBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = nextSerial()
  return {
    nome: 'Maria Silva',
    cpf: makeCpf(n),
    rg: String(10_000_000 + n),
    datanascimento: '1985-03-04T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Salvador',
    profissao: 'Professora',
    email: 'maria@example.com',
    telefone: 71987654321,
    endereco: 'Rua das Flores',
    numeroendereco: 12,
    bairro: 'Centro',
    cidade: 'Salvador',
    estado: 'BA',
    userId: t.users.staff.id,
    ...overrides,
  }
}

export async function createPaciente(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Paciente> {
  const response = await call(t, 'registerPaciente', 'staff', pacienteBody(t, overrides))
  return expectStatus<{ paciente: Paciente }>(response, 201).paciente
}

export async function createMedico(t: TestApp, nome = 'Carlos Souza'): Promise<Medico> {
  const response = await call(t, 'registerMedico', 'admin', { nome })
  return expectStatus<{ medico: Medico }>(response, 201).medico
}

/** An ultrasound machine open at all hours: what a booking with a machine needs, and no more. */
export async function createUltrassom(t: TestApp, nome: string): Promise<Equipamento> {
  const response = await call(t, 'registerEquipamento', 'admin', { nome, modalidades: ['US'], horarios: [] })
  return expectStatus<{ equipamento: Equipamento }>(response, 201).equipamento
}

/**
 * Opens the test clinic every day, all day (docs/decisions.md "Opening hours"): for tests of other rules that
 * book through /agendamento/agendar on dates relative to today, which may be a weekend.
 */
export async function openClinicAllWeek(t: TestApp): Promise<void> {
  expectStatus(await call(t, 'salvarHorariosClinica', 'admin', { horarios: ALL_WEEK }), 200)
}
export const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((dia) => ({ dia, inicio: '00:00', fim: '23:59' }))

/** A floating date-time `days` clinic days from today at `time` (HH:MM). */
export function clinicDateTime(days: number, time = '14:00'): string {
  return `${addDays(clinicToday(), days)}T${time}:00.000Z`
}

export function agendamentoBody(
  t: TestApp,
  ids: { pacienteId: string; medicoId: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    datahora: clinicDateTime(1),
    anotacao: 'Trazer exames anteriores',
    convenio: 'Unimed',
    valorIncents: 15_000,
    estaPago: false,
    userId: t.users.staff.id,
    pacienteId: ids.pacienteId,
    medicoId: ids.medicoId,
    exames: ['Raio-X de tórax'],
    ...overrides,
  }
}

export async function createAgendamento(
  t: TestApp,
  ids: { pacienteId: string; medicoId: string },
  overrides: Record<string, unknown> = {},
): Promise<Agendamento> {
  const response = await call(t, 'registerAgendamento', 'staff', agendamentoBody(t, ids, overrides))
  return expectStatus<{ agendamento: Agendamento }>(response, 201).agendamento
}

/** A syntactically valid uuid that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** An HS256 token over `payload`, signed with `secret` (the test app's by default). */
export function signJwt(payload: Record<string, unknown>, secret = TEST_JWT_SECRET): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

/** A new session token for a test user (as a sign-in would hand out, without the argon2 cost). */
export async function freshToken(t: TestApp, who: 'admin' | 'staff', ttlSeconds = 3600): Promise<string> {
  const user = t.users[who]
  const { jti } = await sessions.create(t.db, user.id, ttlSeconds)
  const iat = Math.floor(Date.now() / 1000)
  return signJwt({
    sub: user.id,
    nome: user.nome,
    role: who === 'admin' ? 'ADMIN' : 'USER',
    jti,
    iat,
    exp: iat + ttlSeconds,
  })
}
