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
