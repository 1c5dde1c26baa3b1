import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bootApp } from './app/boot'
import { AppProviders } from './app/providers'
import { createAppRouter } from './app/router'
import './styles/global.css'

// Demo mode (`npm run demo`): the msw worker answers /api in the browser, no server. The PWA's own
// service worker stays off in that mode so that the two workers never share a scope (DESIGN.md).
const demoMode = import.meta.env.VITE_MOCK_API === 'true'

async function main() {
  if (demoMode) {
    const { startDemoApi } = await import('./app/demo')
    await startDemoApi()
  }
  // Connectivity and the offline cache come first: the first render already shows restored data.
  const { queryClient } = await bootApp()
  const router = createAppRouter()

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders router={router} queryClient={queryClient} />
    </StrictMode>,
  )

  // The service worker only in a production build: in dev it would cache modules under Vite's feet.
  if (import.meta.env.PROD && !demoMode && 'serviceWorker' in navigator) {
    const { registerServiceWorker } = await import('./app/pwa-register')
    await registerServiceWorker()
  }
}

void main()
