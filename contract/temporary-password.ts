// 'Redefinir senha' (issue 34): ADMIN gives a staff member who forgot their password a temporary one,
// generated here for the server and the mock alike and shown once. Four groups of four characters of an
// alphabet without look-alikes (no 0/O, 1/l/I): easy to dictate at the desk, about 80 bits of chance.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'

export function generateTemporaryPassword(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]!)
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}

/**
 * The calls a user signed in with a temporary password may make before changing it (issue 34): the change
 * itself, 'Sair' and reading who they are. Every other call answers 403 `temporaryPasswordMustChange`, on the
 * server and in the mock alike.
 */
export const TEMPORARY_PASSWORD_PATHS: readonly string[] = ['/users/alterarSenha', '/users/logout', '/users/me']
