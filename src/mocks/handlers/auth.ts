// POST /users/session (sign-in, with the server's login throttle) and POST /users/logout (the token is
// refused from then on). The server keeps these two in its users routes; here they are apart from
// registering a user because the throttle and the tokens are the mock's whole notion of a session.
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS, messages } from '@contract'
import { fail, mockRoute, mockToken } from '../pipeline'
import { forgetMockCertificatePassword } from './laudo-release'

const LOGIN_WINDOW_MS = LOGIN_WINDOW_SECONDS * 1000

export const authHandlers = [
  mockRoute('login', (body, { store }) => {
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
    // only someone who knows the password learns that the account is deactivated
    if (user.ativo === false) fail(403, messages.userInactive)
    // a successful sign-in clears this e-mail's failures
    store.loginFailures = store.loginFailures.filter((f) => f.email !== email)
    // the mock's token is one per user: a new sign-in makes it valid again after a sign-out
    store.revokedTokens = store.revokedTokens.filter((t) => t !== mockToken(user.id))
    const temporary = user.senhaTemporaria === true ? { senhaTemporaria: true } : {}
    return { token: mockToken(user.id), user: { id: user.id, nome: user.nome, role: user.role }, ...temporary }
  }),

  mockRoute('logout', (_body, { store, token }) => {
    if (!store.revokedTokens.includes(token)) store.revokedTokens.push(token)
    forgetMockCertificatePassword(store, token)
    return { ok: true }
  }),
]
