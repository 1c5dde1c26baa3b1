// setupFile of the `web` vitest project (jsdom), after tests/support/web-page-load.ts: jest-dom matchers,
// the msw server over the mock store (an unhandled request fails the test), a clean slate after every test,
// and the browser APIs jsdom 29 lacks that the PWA uses.
// first: the clock is pinned before the mock's seed (and any test module) reads it
import { pinClock } from './test-clock'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { resetStore, server } from './msw-server'

// findBy…/waitFor wait for what a person would wait for, on a machine whose cores may all be busy: 1 s
// (Testing Library's default) is a quiet machine's figure, and so was 10 s for a file's first screen (cold
// imports of a lazy route) on two cores under stress-ng (docs/decisions.md, "Tests").
configure({ asyncUtilTimeout: 20_000 })

// ---- polyfills (jsdom 29.1) ----

// <dialog>: jsdom has the element but neither show(), showModal() nor close().
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __returnValue?: string }
  Object.defineProperty(proto, 'returnValue', {
    configurable: true,
    get(this: { __returnValue?: string }) {
      return this.__returnValue ?? ''
    },
    set(this: { __returnValue?: string }, value: string) {
      this.__returnValue = String(value)
    },
  })
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return
    this.setAttribute('open', '')
    this.dataset.modal = ''
  }
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return
    if (returnValue !== undefined) this.returnValue = returnValue
    this.removeAttribute('open')
    delete this.dataset.modal
    this.dispatchEvent(new Event('close'))
  }
  if (typeof proto.requestClose !== 'function') {
    proto.requestClose = function requestClose(this: HTMLDialogElement, returnValue?: string) {
      if (!this.open) return
      if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close(returnValue)
    }
  }
  Object.defineProperty(proto, 'polyfilledForTests', { value: true })
}
// Escape on a modal dialog: 'cancel', then close unless prevented (as browsers do). Added for every file: the
// page-load setup (tests/support/web-page-load.ts) removes what the file before added to the document.
if ('polyfilledForTests' in HTMLDialogElement.prototype)
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open][data-modal]')
    const top = dialogs[dialogs.length - 1]
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close()
  })

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }
    return list as MediaQueryList
  }
}

// jsdom's scrollTo and alert only print "Not implemented"; tests may spy on them.
window.scrollTo = (() => {}) as typeof window.scrollTo
window.alert = () => {}
if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {}
// jsdom answers null after printing "Not implemented" (axe-core asks for a canvas): answer null quietly.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext

// react-toastify puts its stylesheet into the document when it loads (the PWA's own CSS is not loaded in
// jsdom). jsdom matches every rule of every sheet at each getComputedStyle, which Testing Library's role
// queries, toBeVisible and axe call for each element they weigh and its ancestors: that sheet alone was a
// fifth of a web file's processor time (bench/journal/2026-11-28-ci-time-third-round.md, "The toasts' stylesheet in jsdom"). None of its rules
// hides a toast or anything else the tests look at (its hiding rules are animation keyframes, which jsdom
// does not run, and the collapsed stack and progress bar, which the app does not use), so it is taken out
// as it arrives — once per worker, whose document the files share.
const TOASTIFY_SHEET = Symbol.for('clinica.test.toastify-sheet')
const workerGlobal = globalThis as typeof globalThis & { [TOASTIFY_SHEET]?: MutationObserver }
const dropToastifySheets = () => {
  for (const style of document.head.querySelectorAll('style'))
    if (style.textContent?.includes('--toastify-color-light')) style.remove()
}
dropToastifySheets()
workerGlobal[TOASTIFY_SHEET] ??= (() => {
  const observer = new MutationObserver(dropToastifySheets)
  observer.observe(document.head, { childList: true })
  return observer
})()

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver

// ---- msw ----

const unhandled: string[] = []

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`)
      print.error()
    },
  })
})

afterEach(() => {
  cleanup()
  server.resetHandlers()
  pinClock()
  resetStore()
  localStorage.clear()
  sessionStorage.clear()
  if (unhandled.length > 0) {
    const list = unhandled.splice(0).join(', ')
    throw new Error(`Request(s) with no msw handler: ${list}`)
  }
})

afterAll(() => {
  server.close()
})
