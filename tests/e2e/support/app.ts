// Shared helpers of the end-to-end suites: sign-in, data through the API, the service worker, and what
// the browser keeps (IndexedDB, localStorage, Cache Storage).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { isValidCpf } from '@contract'

export interface ApiSession {
  token: string
  user: { id: string; nome: string; role: string }
}

/** A valid CPF built from nine digits (the two check digits computed). */
export function cpfFrom(nine: string): string {
  const digits = [...nine.padStart(9, '0').slice(-9)].map(Number)
  const check = (list: number[]) => {
    const rest = (list.reduce((sum, d, i) => sum + d * (list.length + 1 - i), 0) * 10) % 11
    return rest === 10 ? 0 : rest
  }
  digits.push(check(digits))
  digits.push(check(digits))
  const cpf = digits.join('')
  if (!isValidCpf(cpf)) throw new Error(`bad CPF ${cpf}`)
  return cpf
}

/** Signs in through the API (no page): the token for the calls below. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string): Promise<ApiSession> {
  const response = await request.post('/api/users/session', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as ApiSession
}

/** POSTs (or another method) to /api with the token; expects `status` and returns the JSON answer. */
export async function apiCall<T = Record<string, unknown>>(
  request: APIRequestContext,
  session: ApiSession,
  path: string,
  data: unknown,
  { method = 'POST', status = 201 }: { method?: 'POST' | 'PUT' | 'DELETE'; status?: number } = {},
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${session.token}` },
  })
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(status)
  return (await response.json()) as T
}

/**
 * Signs in through the login page (of the app at `origin`, default the config's baseURL) and waits for the
 * first page: the day's board, or 'Minha agenda' for a user linked to a doctor (who may never see the board).
 */
export async function signIn(page: Page, email: string, password: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`)
  await expect(page.getByRole('heading', { name: 'Faça seu login' })).toBeVisible()
  await page.getByLabel('Usuário').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(
    page
      .getByRole('heading', { name: /^Agendamentos dia / })
      .or(page.getByRole('heading', { level: 1, name: /^Minha agenda / })),
  ).toBeVisible()
}

/**
 * Waits until the app's service worker is active, then reloads: a worker controls a page only after a
 * load that started under it. Returns the worker's script URL.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).not.toBeNull()
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)
}

/** The offline cache the app persisted (src/lib/offline/idb-persister.ts), as JSON text, or null. */
export function readPersistedCache(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name)
    if (!names.includes('clinica-offline')) return null
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clinica-offline')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!db.objectStoreNames.contains('query-cache')) return null
      const value = await new Promise<unknown>((resolve, reject) => {
        const request = db.transaction('query-cache', 'readonly').objectStore('query-cache').get('client')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      return value === undefined ? null : JSON.stringify(value)
    } finally {
      db.close()
    }
  })
}

export interface BrowserStorage {
  /** Every IndexedDB database: its name and, per object store, every record as JSON. */
  indexedDb: Array<{ name: string; stores: Record<string, string> }>
  localStorage: Record<string, string>
  /** Every URL held in Cache Storage (the service worker's precache). */
  cachedUrls: string[]
}

/** Everything this origin keeps in the browser, to look for data that should not be there. */
export function readBrowserStorage(page: Page): Promise<BrowserStorage> {
  return page.evaluate(async () => {
    const indexedDb: BrowserStorage['indexedDb'] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const stores: Record<string, string> = {}
      for (const store of Array.from(db.objectStoreNames)) {
        stores[store] = await new Promise<string>((resolve, reject) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll()
          request.onsuccess = () => resolve(JSON.stringify(request.result))
          request.onerror = () => reject(request.error)
        })
      }
      db.close()
      indexedDb.push({ name, stores })
    }
    const local: Record<string, string> = {}
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!
      local[key] = localStorage.getItem(key) ?? ''
    }
    const cachedUrls: string[] = []
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName)
      for (const request of await cache.keys()) cachedUrls.push(request.url)
    }
    return { indexedDb, localStorage: local, cachedUrls }
  })
}

/** Chrome's reasons why the app could not be installed; an incognito context (every test's) is ignored. */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>
    }
    return installabilityErrors
      .filter((error) => error.errorId !== 'in-incognito')
      .map((error) => [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '))
  } finally {
    await cdp.detach()
  }
}

/**
 * A save that failed in a dialog: the sentence shows at the top of that dialog (an alert) and in a toast
 * that sits inside the open dialog — the browser's top layer — so the modal never hides it.
 */
export async function expectFailureInDialog(dialog: Locator, text: string): Promise<void> {
  await expect(dialog.getByRole('region', { name: 'Notificações' }).getByText(text)).toBeVisible()
  // the toast and the dialog's own alert at the top of its form
  await expect(dialog.getByRole('alert').filter({ hasText: text })).toHaveCount(2)
}
