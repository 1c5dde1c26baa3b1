// First: starts the offline cache's IndexedDB read while the rest of the code is evaluated.
import '@/app/early-start'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterPaintWhenIdle } from '@/app/after-paint'
import { bootApp } from '@/app/boot'
import { BrowserApp } from '@/app/providers'
import { preloadPage } from '@/app/router'
import { preloadContract } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import '@/styles/global.css'

// Demo mode (`npm run demo`): the msw worker answers /api in the browser, no server. The PWA's own
// service worker stays off in that mode so that the two workers never share a scope (docs/product.md §15).
const demoMode = import.meta.env.VITE_MOCK_API === 'true'
/** How long the first render may wait for the opening page's code (from the precache it takes a few ms). */
const PAGE_WAIT_MS = 1000

async function main() {
  // A task of its own for what follows: evaluating the modules above is already one long task (Total Blocking
  // Time, bench/journal/2026-11-22-first-day.md, "Second round (afternoon)"); the page's download and the cache
  // restore start right after it either way.
  await new Promise((resolve) => setTimeout(resolve, 0))
  if (demoMode) {
    const { startDemoApi } = await import('@/app/demo')
    await startDemoApi()
  }
  // The code of the page the app opens on loads while the offline cache is restored (both from the
  // service worker and IndexedDB when offline): the first render shows that page, not 'Carregando…'.
  const page = preloadPage(window.location.pathname, getSession() !== null)
  // A first visit (no service worker controls the page yet) loads the contract's calls with the page's code;
  // later starts load them with the first call, after the board has painted
  // (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start without zod").
  if (!navigator.serviceWorker?.controller) preloadContract()
  // Connectivity and the offline cache come first: the first render already shows restored data.
  const { queryClient } = await bootApp()
  // Not for ever: on a stalled first download the shell renders with 'Carregando…' as before.
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))])

  // A transition: React renders the first screen in ~5 ms slices instead of one long task that would
  // block input (Lighthouse's Total Blocking Time). The static shell in #root stays until the commit.
  const root = createRoot(document.getElementById('root')!)
  const committed = new Promise<void>((resolve) => {
    startTransition(() => {
      root.render(
        <StrictMode>
          <BrowserApp queryClient={queryClient} onCommitted={resolve} />
        </StrictMode>,
      )
    })
  })

  // The service worker only in a production build: in dev it would cache modules under Vite's feet.
  if (import.meta.env.PROD && !demoMode && 'serviceWorker' in navigator) {
    // After the first screen's commit, the frame that paints it and an idle moment: the registration
    // (workbox-window) is a task of its own that would otherwise land among the first screen's (Total
    // Blocking Time on a slow phone). Never held for ever: a first render that failed still gets its worker.
    await Promise.race([committed, new Promise((resolve) => setTimeout(resolve, 10_000))])
    await afterPaintWhenIdle(3000).done
    const { registerServiceWorker } = await import('@/app/pwa-register')
    await registerServiceWorker()
  }
}

void main()
