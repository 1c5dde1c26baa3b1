// The start's first module (src/app/early-start.ts): a signed-in start on the home page asks for that page's
// code before the rest of the app's code runs, so the board's chunks load while the entry is evaluated.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SESSION_STORAGE_KEY } from '@/lib/session-key'

const homePageLoaded = vi.fn()
const prefetched = vi.fn()

vi.mock('@/features/home/components/home-page', () => {
  homePageLoaded()
  return { default: () => null }
})
vi.mock('@/lib/offline/idb-persister', () => ({ prefetchStoredClient: prefetched }))

async function start(path: string, signedIn: boolean) {
  window.history.replaceState(null, '', path)
  if (signedIn) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't', user: { id: 'u' } }))
  vi.resetModules()
  await import('@/app/early-start')
}

beforeEach(() => {
  homePageLoaded.mockClear()
  prefetched.mockClear()
  localStorage.clear()
})
afterEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

describe('early start', () => {
  it('loads the home page and reads the offline cache when a signed-in start opens on /', async () => {
    await start('/', true)
    await vi.waitFor(() => expect(homePageLoaded).toHaveBeenCalled())
    expect(prefetched).toHaveBeenCalled()
  })

  it('loads nothing ahead without a session (the login page opens)', async () => {
    await start('/', false)
    // the mocked module would be evaluated within a few microtasks of the import
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(homePageLoaded).not.toHaveBeenCalled()
    expect(prefetched).not.toHaveBeenCalled()
  })

  it('leaves the home page alone when the start opens on another page', async () => {
    await start('/pacientes', true)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(homePageLoaded).not.toHaveBeenCalled()
    expect(prefetched).toHaveBeenCalled()
  })
})
