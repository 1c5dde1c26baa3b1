// Passwords beyond the 8-character minimum (common and guessable ones refused with the reason, by the
// server's dictionaries), the weak-password flag at sign-in, 'Alterar senha' (throttled like a sign-in,
// ending the other sessions) and the users' lifecycle as the server enforces it: the role and the
// account's state are read from the database on every call, whatever the token says.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { hashPassword } from '../../server/auth/password'
import { passwordProblem } from '../../server/auth/password-policy'
import { auditLog, sessions, users } from '../../server/db/schema'
import { testAppPerFile } from '../support/test-app-per-file'
import { call, expectError, expectStatus } from '../server/helpers'

const t = testAppPerFile()

let n = 0
const email = () => `pessoa.${++n}@senhas.test`
const ip = () => `198.19.0.${++n}`

/** A user with this password, inserted directly (as one made before today's rules), and a fresh sign-in. */
async function userWith(password: string, role: 'ADMIN' | 'USER' = 'USER') {
  const address = email()
  const [row] = await t.db
    .insert(users)
    .values({ nome: 'Pessoa Teste', email: address, passwordHash: await hashPassword(password), role })
    .returning()
  const answer = expectStatus<{ token: string; senhaFraca?: boolean }>(
    await call(t, 'login', 'anonymous', { email: address, password }, { remoteAddress: ip() }),
    200,
  )
  return { id: row!.id, email: address, password, token: answer.token, senhaFraca: answer.senhaFraca }
}

describe('which passwords the server refuses', () => {
  it.each([
    ['12345678', messages.passwordCommon],
    ['senha123', messages.passwordCommon],
    ['S3nh@123', messages.passwordCommon],
    ['flamengo', messages.passwordCommon],
    ['brasil2024', messages.passwordCommon],
    ['mariana1', messages.passwordCommon],
    ['abcdefghij', messages.passwordGuessable],
    ['aaaaaaaaaa', messages.passwordRepeated],
    ['        ', messages.passwordRepeated],
  ])('%j → 400 with the reason, on the field', async (password, reason) => {
    const response = await call(t, 'registerUser', 'admin', { nome: 'Nova Pessoa', email: email(), password })
    const body = expectError(response, 400, reason)
    expect(body.issues).toMatchObject({ password: { _errors: [reason] } })
  })

  it.each(['senha-forte-1', 'correto cavalo bateria grampo', 'Xq7#pLm2vR', 'ana maria da silva'])(
    '%j is accepted',
    async (password) => {
      expectStatus(await call(t, 'registerUser', 'admin', { nome: 'Nova Pessoa', email: email(), password }), 201)
    },
  )

  it('judges a long password by its start only (bounded work), and nothing refused is stored', async () => {
    expect(passwordProblem(`${'frase longa e segura '.repeat(12)}`)).toBeNull()
    const address = email()
    expectError(
      await call(t, 'registerUser', 'admin', { nome: 'Nova Pessoa', email: address, password: 'senha123' }),
      400,
    )
    expect(await t.db.select().from(users).where(eq(users.email, address))).toEqual([])
  })
})

describe('a weak password at sign-in', () => {
  it('the answer says senhaFraca: true; a good one says false', async () => {
    expect((await userWith('senha123')).senhaFraca).toBe(true)
    expect((await userWith('12345678')).senhaFraca).toBe(true)
    expect((await userWith('senha-forte-1')).senhaFraca).toBe(false)
  })
})

describe('Alterar senha', () => {
  it('a common new password → 400 on novaSenha; a good one works, the other sessions end, this one goes on, audited', async () => {
    const u = await userWith('senha123')
    const other = expectStatus<{ token: string }>(
      await call(t, 'login', 'anonymous', { email: u.email, password: u.password }, { remoteAddress: ip() }),
      200,
    ).token
    const weak = expectError(
      await call(t, 'changePassword', { token: u.token }, { senhaAtual: u.password, novaSenha: 'password1' }),
      400,
      messages.passwordCommon,
    )
    expect(weak.issues).toMatchObject({ novaSenha: { _errors: [messages.passwordCommon] } })
    const wrong = expectError(
      await call(
        t,
        'changePassword',
        { token: u.token },
        { senhaAtual: 'outra-coisa', novaSenha: 'nova-senha-forte-1' },
      ),
      400,
      messages.currentPasswordWrong,
    )
    expect(wrong.issues).toMatchObject({ senhaAtual: { _errors: [messages.currentPasswordWrong] } })

    expectStatus(
      await call(t, 'changePassword', { token: u.token }, { senhaAtual: u.password, novaSenha: 'nova-senha-forte-1' }),
      200,
    )
    expectStatus(await call(t, 'listMedicos', { token: u.token }), 200)
    expectError(await call(t, 'listMedicos', { token: other }), 401, messages.unauthenticated)
    const answer = expectStatus<{ senhaFraca: boolean }>(
      await call(t, 'login', 'anonymous', { email: u.email, password: 'nova-senha-forte-1' }, { remoteAddress: ip() }),
      200,
    )
    expect(answer.senhaFraca).toBe(false)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u.id))
    expect(rows.filter((r) => r.action === 'update').map((r) => r.fields)).toEqual([['password']])
  })

  it('a wrong current password counts as a failed sign-in: the 6th try within a minute → 429', async () => {
    const u = await userWith('senha-forte-1')
    const address = ip()
    const send = (senhaAtual: string) =>
      call(
        t,
        'changePassword',
        { token: u.token },
        { senhaAtual, novaSenha: 'nova-senha-forte-2' },
        { remoteAddress: address },
      )
    for (let i = 0; i < 5; i++) expectError(await send(`chute-${i}`), 400, messages.currentPasswordWrong)
    const blocked = await send(u.password)
    expectError(blocked, 429, messages.loginThrottled)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('the role and the account state come from the database on every call', () => {
  it('an ADMIN demoted in the database loses the admin calls at once, with the same token', async () => {
    const u = await userWith('senha-forte-1', 'ADMIN')
    expectStatus(await call(t, 'listUsuarios', { token: u.token }, { page: 1 }), 200)
    await t.db.update(users).set({ role: 'USER' }).where(eq(users.id, u.id))
    expectError(await call(t, 'listUsuarios', { token: u.token }, { page: 1 }), 403, messages.forbidden)
    expectStatus(await call(t, 'listMedicos', { token: u.token }), 200)
  })

  it('a deactivated account is refused at once, even if its sessions were somehow left open', async () => {
    const u = await userWith('senha-forte-1')
    await t.db.update(users).set({ ativo: false }).where(eq(users.id, u.id))
    expectError(await call(t, 'listMedicos', { token: u.token }), 401, messages.unauthenticated)
  })

  it('ADMIN’s changes end the sessions in the database and are audited (field names only)', async () => {
    const u = await userWith('senha-forte-1')
    expectStatus(await call(t, 'deactivateUser', 'admin', { id: u.id }), 200)
    const open = await t.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${u.id} and ${sessions.revokedAt} is null`)
    expect(open).toEqual([])
    expectStatus(await call(t, 'reactivateUser', 'admin', { id: u.id }), 200)
    expectStatus(await call(t, 'changeUserRole', 'admin', { id: u.id, role: 'ADMIN' }), 200)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, u.id))
    expect(rows.filter((r) => r.userId === t.users.admin.id).map((r) => [r.action, r.fields])).toEqual([
      ['delete', ['ativo']],
      ['reactivate', ['ativo']],
      ['update', ['role']],
    ])
    // a user list answer carries no hash
    const listed = expectStatus<{ usuarios: Record<string, unknown>[] }>(
      await call(t, 'listUsuarios', 'admin', { page: 1 }),
      200,
    )
    for (const row of listed.usuarios)
      expect(Object.keys(row).sort()).toEqual(['ativo', 'email', 'id', 'medico', 'nome', 'role'])
  })
})
