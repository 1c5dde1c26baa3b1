// Demo mode (`npm run demo`, VITE_MOCK_API=true): the msw worker answers /api in the browser over the
// demo store, no server. Only main.tsx imports this, dynamically, so a production build leaves it out.
import { http, passthrough } from 'msw'
import { startMockWorker } from '@/mocks/browser'

/** Vite's dev module URLs: `/src/…` (e.g. /src/features/auth/api/login.ts), `/node_modules/…`, `/@vite/…`. */
const DEV_MODULE_URL = /^https?:\/\/[^/]+\/(src|node_modules|@vite|@id|@fs|@react-refresh)\//

export async function startDemoApi(): Promise<void> {
  const { worker } = await startMockWorker({ serviceWorkerUrl: '/mockServiceWorker.js' })
  // The mock's catch-all for unknown calls ('*/api/*') would also answer a source module that sits in
  // an api/ folder with a 404: modules always pass through to the dev server.
  worker.use(http.all(DEV_MODULE_URL, () => passthrough()))
}
