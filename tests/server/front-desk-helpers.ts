// Helpers of the front desk's day tests: the calls of contract/front-desk.ts by name, a clock the tests
// move ('Desfazer' within 10 minutes, 'Marcar faltas' 30 minutes after the time), and moving an
// appointment along a path of statuses.
import type { LightMyRequestResponse } from 'fastify'
import { frontDeskCalls, type Agendamento, type ApiCall, type Status } from '@contract'
import type { TestApp } from '../support/api-app'
import { expectStatus, type Who } from './helpers'

export type FrontDeskCall = keyof typeof frontDeskCalls

/** Sends one call of frontDeskCalls as `who`, with `body` as JSON (undefined: no body). */
export function callDesk(t: TestApp, name: FrontDeskCall, who: Who, body?: unknown): Promise<LightMyRequestResponse> {
  const spec: ApiCall = frontDeskCalls[name]
  const headers: Record<string, string> = {}
  const token = who === 'anonymous' ? undefined : typeof who === 'string' ? t.tokens[who] : who.token
  if (token) headers.authorization = `Bearer ${token}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  return t.app.inject({
    method: spec.method,
    url: `/api${spec.path}`,
    headers,
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  })
}

/** The server's clock for the day's time rules: the real time, moved by `offsetMs`, or a fixed instant. */
export class TestClock {
  offsetMs = 0
  fixed: Date | undefined
  readonly now = () => this.fixed ?? new Date(Date.now() + this.offsetMs)
  /** Fixes the clock at a wall-clock time of the clinic (UTC−3) on `date`. */
  setClinicTime(date: string, time: string) {
    this.fixed = new Date(Date.parse(`${date}T${time}:00.000Z`) + 3 * 3_600_000)
  }
  advanceMinutes(minutes: number) {
    if (this.fixed) this.fixed = new Date(this.fixed.getTime() + minutes * 60_000)
    else this.offsetMs += minutes * 60_000
  }
  reset() {
    this.offsetMs = 0
    this.fixed = undefined
  }
}

/** The forward path from agendado to each status (cancelling with a motivo). */
export const PATH_TO: Record<Status, { status: Status; motivo?: 'paciente' | 'clinica' }[]> = {
  agendado: [],
  confirmado: [{ status: 'confirmado' }],
  aguardando: [{ status: 'confirmado' }, { status: 'aguardando' }],
  em_atendimento: [{ status: 'confirmado' }, { status: 'aguardando' }, { status: 'em_atendimento' }],
  realizado: [
    { status: 'confirmado' },
    { status: 'aguardando' },
    { status: 'em_atendimento' },
    { status: 'realizado' },
  ],
  faltou: [{ status: 'faltou' }],
  cancelado: [{ status: 'cancelado', motivo: 'paciente' }],
}

/** One move that must succeed; the appointment after it. */
export async function moveOk(
  t: TestApp,
  agendamento: Agendamento,
  status: Status,
  who: Who = 'staff',
  extra: Record<string, unknown> = {},
): Promise<Agendamento> {
  const response = await callDesk(t, 'moverStatus', who, {
    id: agendamento.id,
    versao: agendamento.versao,
    status,
    ...extra,
  })
  return expectStatus<{ agendamento: Agendamento }>(response, 200).agendamento
}

/** Moves a fresh appointment along PATH_TO[status]. */
export async function bringTo(t: TestApp, agendamento: Agendamento, status: Status): Promise<Agendamento> {
  let current = agendamento
  for (const step of PATH_TO[status])
    current = await moveOk(t, current, step.status, 'staff', step.motivo ? { motivo: step.motivo } : {})
  return current
}
