// First: starts the offline cache's IndexedDB read while the rest of the code is evaluated.
import './app/early-start'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bootApp } from './app/boot'
import { BrowserApp } from './app/providers'
import { preloadPage } from './app/router'
import { getSession } from './lib/session'
import './styles/global.css'

// Demo mode (`npm run demo`): the msw worker answers /api in the browser, no server. The PWA's own
// service worker stays off in that mode so that the two workers never share a scope (DESIGN.md).
const demoMode = import.meta.env.VITE_MOCK_API === 'true'
/** How long the first render may wait for the opening page's code (from the precache it takes a few ms). */
const PAGE_WAIT_MS = 1000

async function main() {
  if (demoMode) {
    const { startDemoApi } = await import('./app/demo')
    await startDemoApi()
  }
  // The code of the page the app opens on loads while the offline cache is restored (both from the
  // service worker and IndexedDB when offline): the first render shows that page, not 'Carregando…'.
  const page = preloadPage(window.location.pathname, getSession() !== null)
  // Connectivity and the offline cache come first: the first render already shows restored data.
  const { queryClient } = await bootApp()
  // Not for ever: on a stalled first download the shell renders with 'Carregando…' as before.
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, PAGE_WAIT_MS))])

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BrowserApp queryClient={queryClient} />
    </StrictMode>,
  )

  // The service worker only in a production build: in dev it would cache modules under Vite's feet.
  if (import.meta.env.PROD && !demoMode && 'serviceWorker' in navigator) {
    // After the first frame: the worker's registration (and workbox-window) is not what the first screen
    // waits for. A hidden tab has no frames: then after a second.
    await new Promise<void>((resolve) => {
      const fallback = setTimeout(resolve, 1000)
      requestAnimationFrame(() => setTimeout(() => (clearTimeout(fallback), resolve()), 0))
    })
    const { registerServiceWorker } = await import('./app/pwa-register')
    await registerServiceWorker()
  }
}

void main()
