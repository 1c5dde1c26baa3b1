// Tokens and roles: who may call what, and the order of the checks (token → role → body).
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, certificateCalls, certificateMessages, messages, type ApiCall } from '@contract'
import * as sessions from '../../server/repositories/sessions'
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/api-app'
import { call, expectError, expectStatus, freshToken, pacienteBody } from './helpers'
import { adminOnlyCalls, callNames } from './roles'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

const names = callNames
const guarded = names.filter((name) => (api[name] as ApiCall).access !== 'public')
const adminOnly = adminOnlyCalls

function base64url(value: string | Buffer) {
  return Buffer.from(value).toString('base64url')
}

function forge(
  payload: Record<string, unknown>,
  secret = TEST_JWT_SECRET,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const head = base64url(JSON.stringify(header))
  const body = base64url(JSON.stringify(payload))
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${signature}`
}

describe('roles enforced by the server', () => {
  it('has the access the design fixes', () => {
    expect(adminOnly.sort()).toEqual([
      'ativarPaciente',
      // the bookings a block would cover (docs/decisions.md, "A block over booked patients")
      'bloqueioAgendamentos',
      // the users' lifecycle (docs/decisions.md, "Reliability")
      'changeUserRole',
      'codigoPainel',
      'criarPainel',
      'deactivateUser',
      // a convênio's TISS codes (issue 37, docs/decisions.md "TISS data")
      'definirConvenioTiss',
      // the exam catalogue, convênios and prices (docs/decisions.md, "Exam catalogue")
      'definirPreco',
      // machines, their blocks and doctors' hours (docs/decisions.md, "Agenda and equipment")
      'deleteBloqueio',
      'deleteConvenio',
      'deleteExame',
      // each machine's latest DICOM queries and steps (issue 19, docs/dicom.md)
      'dicomEventos',
      // the convênios' TISS batches and their return (issue 37, docs/tiss.md)
      'enviarLoteTiss',
      'exportarPaciente',
      'faturamentoPendentes',
      'gerarLoteTiss',
      // doctors' tratamento, CRM and specialty (docs/decisions.md, "Brazilian forms")
      'listMedicosDetalhes',
      'listPacientesInativos',
      // the front desk's user list and doctor link
      'listUsuarios',
      'lotesTiss',
      'medicoHorarios',
      'paineis',
      'reactivateUser',
      'recursoGuiaTiss',
      'registerBloqueio',
      'registerConvenio',
      'registerEquipamento',
      'registerExame',
      'registerMedico',
      'registerUser',
      // 'Redefinir senha' (issue 34)
      'resetUserPassword',
      'retornoGuiaTiss',
      'revogarPainel',
      // the clinic's settings (docs/decisions.md, "Messages and printouts")
      'salvarConfiguracoesClinica',
      // the laudo's settings: responsável técnico, CNES, PACS (docs/decisions.md, "The laudo")
      'salvarConfiguracoesLaudo',
      'salvarExibicaoPainel',
      // the clinic's opening hours (docs/decisions.md, "Opening hours")
      'salvarHorariosClinica',
      'updateConvenio',
      'updateEquipamento',
      'updateExame',
      'updateMedico',
      'vincularMedico',
      'xmlLoteTiss',
    ])
    expect(names.filter((name) => (api[name] as ApiCall).access === 'public').sort()).toEqual([
      'health',
      'login',
      'openapi',
      // issue 38: the TV types its pairing code
      'parearPainel',
      // issue 36: 'Verificar laudo', the code printed on a released laudo
      'verificarLaudo',
    ])
    // the specification's 29, the front desk's 7, issue 17's 4, those of issues 12 to 16 (13's reagendar
    // and 14's medico/tratamentos included), issue 19's 1 and issue 34's redefinirSenha, clinic hours and
    // the bookings a block would cover; issue 36's doctor's certificate (3) and the laudo's settings (2);
    // issue 38's call of a waiting patient and the day's calls (2), and the TV panels (7); issue 36's worklist
    // and editor (5), templates and phrases (6) and release (6); issue 37's data entry (10) and batches (7);
    // issue 36's laudos in the reports (1), protocolo de retirada and deliveries (2); issue 37's report (1)
    expect(names).toHaveLength(128)
  })

  it.each(guarded)('%s without a token → 401', async (name) => {
    const response = await call(t, name, 'anonymous', api[name].method === 'GET' ? undefined : {})
    expectError(response, 401, messages.unauthenticated)
  })

  it.each(adminOnly)('%s as staff → 403', async (name) => {
    expectError(await call(t, name, 'staff', {}), 403, messages.forbidden)
  })

  it.each(adminOnly)('%s as admin passes the guard (reaches validation → 400, or answers a read)', async (name) => {
    const spec = api[name] as ApiCall
    if (spec.body === undefined) expect((await call(t, name, 'admin')).statusCode).toBe(spec.status)
    else expectError(await call(t, name, 'admin', {}), 400)
  })

  it('staff may call every call that is not admin-only', async () => {
    const userCalls = guarded.filter((name) => !adminOnly.includes(name))
    for (const name of userCalls) {
      // a sign-out revokes the token it is sent with: it gets a session of its own
      const who = name === 'logout' ? { token: await freshToken(t, 'staff') } : 'staff'
      const response = await call(t, name, who, api[name].method === 'GET' ? undefined : {})
      // the certificate is a doctor's own: staff, linked to no doctor, passes the guard (an empty upload is a
      // 400) and meets the route's 403
      if (name in certificateCalls && api[name].method !== 'PUT')
        expectError(response, 403, certificateMessages.notDoctor)
      // issue 38: a TV panel's feed is read with its credential, not a person's token
      else if (api[name].access === 'painel') expectError(response, 403, messages.panelNotAPanel)
      else expect([200, 400], name).toContain(response.statusCode)
    }
  })
})

describe('order of checks: token (401) → role (403) → body (400/413/415)', () => {
  it('no token with an invalid body → 401, not 400', async () => {
    expectError(await call(t, 'registerPaciente', 'anonymous', { nome: 1 }), 401, messages.unauthenticated)
  })

  it('no token with broken JSON, a text body or a huge body → 401', async () => {
    expectError(await call(t, 'listPacientes', 'anonymous', '{broken'), 401)
    expectError(
      await call(t, 'listPacientes', 'anonymous', 'page=1', { headers: { 'content-type': 'text/plain' } }),
      401,
    )
    expectError(await call(t, 'listPacientes', 'anonymous', JSON.stringify({ page: 1, x: 'a'.repeat(200_000) })), 401)
  })

  it('staff on an admin call with an invalid body → 403, not 400', async () => {
    expectError(await call(t, 'registerMedico', 'staff', { nome: '123' }), 403, messages.forbidden)
    expectError(await call(t, 'registerMedico', 'staff', '{broken'), 403)
  })

  it('admin with an invalid body → 400', async () => {
    const body = expectError(await call(t, 'registerMedico', 'admin', { nome: '123' }), 400, messages.lettersOnly)
    expect(body.issues).toMatchObject({ nome: { _errors: [messages.lettersOnly] } })
  })
})

describe('bad tokens → 401', () => {
  const now = () => Math.floor(Date.now() / 1000)
  // a live session: each forged token below fails for its own defect only
  let jti = ''
  beforeAll(async () => {
    jti = (await sessions.create(t.db, t.users.staff.id, 600)).jti
  })
  const staffPayload = () => ({
    sub: t.users.staff.id,
    nome: t.users.staff.nome,
    role: 'USER',
    jti,
    iat: now(),
    exp: now() + 600,
  })

  it('accepts a well-formed token signed with the secret, naming a live session (control)', async () => {
    expectStatus(await call(t, 'listMedicos', { token: forge(staffPayload()) }), 200)
  })

  it('refuses a genuine token without a session (no jti, or a jti the database does not know)', async () => {
    const { jti: _jti, ...noSession } = staffPayload()
    expectError(await call(t, 'listMedicos', { token: forge(noSession) }), 401, messages.unauthenticated)
    expectError(
      await call(t, 'listMedicos', {
        token: forge({ ...staffPayload(), jti: '22222222-2222-4222-8222-222222222222' }),
      }),
      401,
    )
  })

  it('refuses a session of another user (sub and jti must match)', async () => {
    expectError(
      await call(t, 'listMedicos', { token: forge({ ...staffPayload(), sub: t.users.admin.id, role: 'ADMIN' }) }),
      401,
    )
  })

  it('refuses a tampered payload (role raised to ADMIN)', async () => {
    const [head, , signature] = t.tokens.staff.split('.')
    const payload = JSON.parse(Buffer.from(t.tokens.staff.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >
    const tampered = `${head}.${base64url(JSON.stringify({ ...payload, role: 'ADMIN' }))}.${signature}`
    expectError(await call(t, 'listPacientesInativos', { token: tampered }, { page: 1 }), 401, messages.unauthenticated)
  })

  it('refuses a token signed with another secret', async () => {
    expectError(await call(t, 'listMedicos', { token: forge(staffPayload(), 'another-secret') }), 401)
  })

  it('refuses alg "none"', async () => {
    const token = `${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url(JSON.stringify(staffPayload()))}.`
    expectError(await call(t, 'listMedicos', { token }), 401)
  })

  it('refuses an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600
    expectError(await call(t, 'listMedicos', { token: forge({ ...staffPayload(), iat: past - 60, exp: past }) }), 401)
  })

  it('refuses a token without an expiry', async () => {
    const { exp: _exp, ...forever } = staffPayload()
    expectError(await call(t, 'listMedicos', { token: forge(forever) }), 401, messages.unauthenticated)
  })

  it('refuses a token whose payload lacks the session fields', async () => {
    expectError(await call(t, 'listMedicos', { token: forge({ ...staffPayload(), sub: 'not-a-uuid' }) }), 401)
    expectError(await call(t, 'listMedicos', { token: forge({ ...staffPayload(), role: 'ROOT' }) }), 401)
    const { nome: _nome, ...noName } = staffPayload()
    expectError(await call(t, 'listMedicos', { token: forge(noName) }), 401)
  })

  it('refuses garbage and other schemes', async () => {
    expectError(await call(t, 'listMedicos', { token: 'garbage' }), 401)
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/medico/listAll',
      headers: { authorization: `Basic ${t.tokens.staff}` },
    })
    expectError(response, 401)
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/medico/listAll',
      headers: { authorization: 'Bearer ' },
    })
    expectError(empty, 401)
  })

  it('a token of a user unknown to this database cannot create records (401, not 500)', async () => {
    const stranger = forge({ ...staffPayload(), sub: '11111111-1111-4111-8111-111111111111', nome: 'Ninguém' })
    expectError(await call(t, 'registerPaciente', { token: stranger }, pacienteBody(t)), 401, messages.unauthenticated)
  })
})

describe('token lifetime', () => {
  it('carries sub, nome and role, HS256, exp = iat + 12 h by default', () => {
    const [head, payload] = t.tokens.admin
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>)
    expect(head).toMatchObject({ alg: 'HS256' })
    expect(payload).toMatchObject({ sub: t.users.admin.id, nome: t.users.admin.nome, role: 'ADMIN' })
    expect(Number(payload!.exp) - Number(payload!.iat)).toBe(12 * 60 * 60)
  })

  it('expires after tokenTtlSeconds', async () => {
    const short = await createTestApp({ tokenTtlSeconds: 2 })
    try {
      const payload = JSON.parse(Buffer.from(short.tokens.staff.split('.')[1]!, 'base64url').toString()) as {
        iat: number
        exp: number
      }
      expect(payload.exp - payload.iat).toBe(2)
      expectStatus(await call(short, 'listMedicos', 'staff'), 200)
      await new Promise((resolve) => setTimeout(resolve, 3100))
      expectError(await call(short, 'listMedicos', 'staff'), 401, messages.unauthenticated)
    } finally {
      await short.close()
    }
  })
})
