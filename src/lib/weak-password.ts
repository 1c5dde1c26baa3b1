// A sign-in whose password the server calls weak (`senhaFraca`): the shell asks for a new one as soon as it
// shows, and again after a reload, until the dialog is closed. Kept in sessionStorage (this tab only); every
// sign-in sets or clears it, so another user on the same tablet never inherits it.
const KEY = 'clinica.senha-fraca'

export function rememberWeakPassword(weak: boolean): void {
  try {
    if (weak) sessionStorage.setItem(KEY, '1')
    else sessionStorage.removeItem(KEY)
  } catch {
    // storage unavailable (private mode): the prompt is simply not shown again
  }
}

export function hasWeakPassword(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

// issue 34: a sign-in with the temporary password 'Redefinir senha' gave (`senhaTemporaria`): the shell shows
// only 'Troque sua senha temporária' until it is changed — the server refuses every other call meanwhile.
const TEMPORARY_KEY = 'clinica.senha-temporaria'

export function rememberTemporaryPassword(temporary: boolean): void {
  try {
    if (temporary) sessionStorage.setItem(TEMPORARY_KEY, '1')
    else sessionStorage.removeItem(TEMPORARY_KEY)
  } catch {
    // storage unavailable: the server's 403 still says what to do
  }
}

export function hasTemporaryPassword(): boolean {
  try {
    return sessionStorage.getItem(TEMPORARY_KEY) === '1'
  } catch {
    return false
  }
}
