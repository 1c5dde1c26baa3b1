// 'Alterar senha' and ADMIN's user lifecycle (docs/decisions.md, "Reliability"), as the server answers them.
// The server's dictionary check (common and guessable passwords) is not mirrored — its dictionaries stay
// on the server; the contract's rules (length, one repeated character) are the call's schema's. A user's
// sessions end with the mock's one token per user.
import { generateTemporaryPassword, messages } from '@contract'
import { fail, mockRoute, mockToken, type MockContext } from '../pipeline'
import type { MockStore, StoredUser } from '../store'

function signOut(store: MockStore, userId: string) {
  const token = mockToken(userId)
  if (!store.revokedTokens.includes(token)) store.revokedTokens.push(token)
}

/** Another user than the one signing in (ids compared as the database does, whatever their case). */
function otherUser({ store, user }: MockContext, id: string): StoredUser {
  const target = store.users.find((u) => u.id === id.toLowerCase()) ?? fail(404, messages.userNotFound)
  if (target.id === user.id) fail(409, messages.ownAccountLocked)
  return target
}

export const usersLifecycleHandlers = [
  mockRoute('changePassword', (body, { user }) => {
    if (user.password !== body.senhaAtual) fail(400, messages.currentPasswordWrong)
    if (body.novaSenha === body.senhaAtual) fail(400, messages.passwordSameAsCurrent)
    user.password = body.novaSenha
    user.senhaTemporaria = false
    return { ok: true }
  }),

  mockRoute('deactivateUser', (body, context) => {
    const target = otherUser(context, body.id)
    target.ativo = false
    signOut(context.store, target.id)
    return { ok: true }
  }),

  mockRoute('reactivateUser', (body, context) => {
    otherUser(context, body.id).ativo = true
    return { ok: true }
  }),

  mockRoute('resetUserPassword', (body, context) => {
    const target = otherUser(context, body.id)
    const senhaTemporaria = generateTemporaryPassword()
    target.password = senhaTemporaria
    target.senhaTemporaria = true
    signOut(context.store, target.id)
    return { senhaTemporaria }
  }),

  mockRoute('changeUserRole', (body, context) => {
    const target = otherUser(context, body.id)
    if (target.role !== body.role) {
      target.role = body.role
      signOut(context.store, target.id)
    }
    return { ok: true }
  }),
]
