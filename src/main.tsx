import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/providers'
import { announceUpdate } from './app/pwa-update'
import { createAppRouter } from './app/router'
import { createQueryClient } from './lib/query-client'
import './styles/global.css'

const queryClient = createQueryClient()
const router = createAppRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders router={router} queryClient={queryClient} />
  </StrictMode>,
)

// The service worker only in a production build: in dev it would cache modules under Vite's feet.
// (The msw demo mode, which has its own worker, must leave this off — DESIGN.md.)
if (import.meta.env.PROD && 'serviceWorker' in navigator && import.meta.env.VITE_MOCK_API !== 'true') {
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateSW = registerSW({
      immediate: true,
      onNeedRefresh: () => announceUpdate(updateSW),
    })
  })
}
