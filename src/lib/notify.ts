import { createElement } from 'react'
import { messages } from '@contract'

// SPEC §9: toasts top-right, closed after 5000 ms. The container sets the same defaults; repeating
// them here keeps a toast right even if it is raised before the container mounts.
const options = { position: 'top-right', autoClose: 5000 } as const

// react-toastify is loaded on the first toast (and by the lazily mounted container), not in the entry.
const toastModule = () => import('react-toastify').then((m) => m.toast)

export function notifySuccess(message: string) {
  // The id de-duplicates a toast raised twice in a row (e.g. a double render in StrictMode).
  void toastModule().then((toast) => toast.success(message, { ...options, toastId: `success:${message}` }))
}

export function notifyError(message: string) {
  // Errors are announced at once (role=alert) so a screen-reader user hears why nothing happened.
  void toastModule().then((toast) => toast.error(message, { ...options, toastId: `error:${message}`, role: 'alert' }))
}

export function notifyInfo(message: string) {
  void toastModule().then((toast) => toast.info(message, { ...options, toastId: `info:${message}` }))
}

/**
 * A change (create, update, delete) that could not reach the server: it was not saved, and nothing is
 * queued to be sent later (DESIGN.md §Offline) — say so, and what to do. `failure` is the action's own
 * failure text where SPEC §8 names one ('Erro ao criar doutor!'), shown first.
 * Reads: '[Erro ao …] Não foi salvo. Sem conexão com o servidor. Verifique a internet e tente novamente.'
 */
export function notifyNotSaved(failure?: string) {
  const content = createElement(
    'p',
    { className: 'toast-not-saved' },
    failure ? createElement('strong', null, failure) : null,
    failure ? ' ' : null,
    createElement('strong', null, messages.notSaved),
    ' ',
    createElement('span', null, messages.offline),
  )
  void toastModule().then((toast) => toast.error(content, { ...options, toastId: `not-saved:${failure ?? ''}`, role: 'alert' }))
}
