import { createElement } from 'react'
import { messages } from '@contract/messages'
import type { Failure } from './describe-failure'

// docs/product.md §9: toasts top-right, closed after 5000 ms. The container sets the same
// defaults; repeating them here keeps a toast right even if it is raised before the container mounts.
const options = { position: 'top-right', autoClose: 5000 } as const

// react-toastify is loaded on the first toast (and by the lazily mounted container), not in the entry.
// One promise for every caller, so toasts (and dismissals) happen in the order they were asked for.
let toastApi: Promise<typeof import('react-toastify').toast> | undefined
const toastModule = () => (toastApi ??= import('react-toastify').then((m) => m.toast))

/**
 * The id of each error toast raised since the last success (by its key), which takes them away
 * (dismissErrors). Read and written only once react-toastify is loaded, in the order of the calls.
 */
const errorIds = new Map<string, string>()
let errorsRaised = false
let sequence = 0

export function notifySuccess(message: string) {
  // The id de-duplicates a toast raised twice in a row (e.g. a double render in StrictMode).
  void toastModule().then((toast) => toast.success(message, { ...options, toastId: `success:${message}` }))
}

export function notifyError(message: string) {
  showError(`error:${message}`, message)
}

export function notifyInfo(message: string) {
  void toastModule().then((toast) => toast.info(message, { ...options, toastId: `info:${message}` }))
}

/**
 * A failed call (describeFailure). One that never reached the server was not saved, and nothing is queued
 * to be sent later (docs/decisions.md, offline): say so, and what to do, the action's own failure text
 * first where it has one — '[Erro ao …] Não foi salvo. Sem conexão com o servidor. Verifique a internet e
 * tente novamente.'
 */
export function notifyFailure(failure: Failure) {
  if (!failure.notSaved) return notifyError(failure.toast)
  const content = createElement(
    'p',
    { className: 'toast-not-saved' },
    failure.lead ? createElement('strong', null, failure.lead) : null,
    failure.lead ? ' ' : null,
    createElement('strong', null, messages.notSaved),
    ' ',
    createElement('span', null, messages.offline),
  )
  showError(`not-saved:${failure.lead ?? ''}`, content)
}

/** A success: the errors said before no longer hold (the change went through), so they go. */
export function dismissErrors() {
  if (!errorsRaised) return
  errorsRaised = false
  void toastModule().then((toast) => {
    for (const id of errorIds.values()) toast.dismiss(id)
    errorIds.clear()
  })
}

function showError(key: string, content: string | ReturnType<typeof createElement>) {
  errorsRaised = true
  void toastModule().then((toast) => {
    // The same error still on screen is not raised twice. Otherwise a new id: react-toastify ignores an id
    // it still has, also while that toast is leaving (its 5 s over, or dismissed), and the failure would show
    // nothing — a second wrong password, say, the more likely the slower the device.
    let id = errorIds.get(key)
    if (id === undefined || !toast.isActive(id)) {
      id = `${key}#${++sequence}`
      errorIds.set(key, id)
    }
    // Errors are announced at once (role=alert) so a screen-reader user hears why nothing happened.
    toast.error(content, { ...options, toastId: id, role: 'alert' })
  })
}
