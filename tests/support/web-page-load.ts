// First setupFile of the `web` vitest project, run before each of its files. A worker's files share its
// jsdom and the libraries that keep nothing between pages (React, jsdom, msw, Testing Library, zod: loaded
// once per worker, which was half of each file's processor time), but every file meets the page as a page
// load would: the PWA's own modules and the libraries that keep state (WEB_FRESH_LIBRARIES in
// vitest.config.ts: TanStack's online and focus managers, the toasts' store, IndexedDB) evaluated afresh;
// no listener on the window or the document and no interval left by the file before (the modules that
// added them are gone, their listeners would still answer); the address back at '/'; nothing left in the
// document, the storages or IndexedDB.
import { vi } from 'vitest'

type Added = [target: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options: unknown]
interface PageState {
  listeners: Added[]
  intervals: ReturnType<typeof setInterval>[]
}
const KEY = Symbol.for('clinica.test.page-state')
const worker = globalThis as typeof globalThis & { [KEY]?: PageState }

const previous = worker[KEY]
if (previous) {
  for (const [target, type, listener, options] of previous.listeners)
    target.removeEventListener(type, listener, options as EventListenerOptions)
  for (const interval of previous.intervals) clearInterval(interval)
  previous.listeners = []
  previous.intervals = []
} else {
  const state: PageState = { listeners: [], intervals: [] }
  worker[KEY] = state
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target)
    target.addEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: unknown,
    ) => {
      if (calledFromPage()) state.listeners.push([target, type, listener, options])
      add(type, listener, options as AddEventListenerOptions)
    }
  }
  const setIntervalOf = globalThis.setInterval
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const interval = setIntervalOf(...args)
    if (calledFromPage()) state.intervals.push(interval)
    return interval
  }) as typeof setInterval
}

/**
 * Whether the code that called the wrapper above is the page's (the PWA's modules, a test's) rather than a
 * library's: React DOM and Testing Library add their document listeners once per worker and keep them.
 */
function calledFromPage(): boolean {
  const caller = new Error().stack?.split('\n')[3] ?? ''
  return !caller.includes('/node_modules/')
}

vi.resetModules()

window.history.replaceState(null, '', '/')
document.title = ''
document.body.replaceChildren()
localStorage.clear()
sessionStorage.clear()

// fake-indexeddb's 'auto' entry defines these on the window of the file that imports it; a file that does
// not import it has none (as in its own jsdom)
const indexedDbGlobals = [
  'indexedDB',
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRecord',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
]
for (const name of indexedDbGlobals) Reflect.deleteProperty(globalThis, name)
