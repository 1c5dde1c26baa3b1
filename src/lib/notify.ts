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

/** Error toasts raised since the last success, which takes them away (dismissErrors). */
const errorIds = new Set<string>()
// Part of an error toast's id: after a dismissal the same text gets a new id, so that it shows again
// even while the dismissed one is still leaving (react-toastify ignores an id it still has).
let generation = 0

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
  if (errorIds.size === 0) return
  const ids = [...errorIds]
  errorIds.clear()
  generation++
  void toastModule().then((toast) => ids.forEach((id) => toast.dismiss(id)))
}

function showError(key: string, content: string | ReturnType<typeof createElement>) {
  const id = `${key}#${generation}`
  errorIds.add(id)
  // Errors are announced at once (role=alert) so a screen-reader user hears why nothing happened.
  void toastModule().then((toast) => toast.error(content, { ...options, toastId: id, role: 'alert' }))
}
