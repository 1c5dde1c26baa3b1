import { createReadStream, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { aliases } from './aliases.js'
import { deliveryPlugins } from './scripts/delivery-plugins.js'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// package.json's version + the build time: every build is a version of its own (the offline cache's
// buster, src/lib/offline/offline-cache.ts, discards another version's cache). No git needed.
const APP_VERSION = `${pkg.version}+${new Date().toISOString().replace(/[-:]/g, '').replace(/\..+$/, '')}`

/**
 * Demo mode only (`npm run demo` = `vite --mode demo`): serves msw's worker script straight from
 * node_modules, so it is never copied into public/ — and so never into a production build or its
 * precache.
 */
function mockServiceWorker(): Plugin {
  const script = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')
  return {
    name: 'clinica:mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
        response.setHeader('Cache-Control', 'no-store')
        createReadStream(script).pipe(response)
      })
    },
  }
}

export default defineConfig(({ mode }) => {
  const demo = mode === 'demo'
  // Read by Vite's env loading (after this file): src/main.tsx starts the msw worker and skips the
  // PWA's own service worker when VITE_MOCK_API is 'true'.
  if (demo) process.env.VITE_MOCK_API = 'true'
  const apiProxy = demo ? undefined : { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } }

  return {
    define: {
      __APP_VERSION__: JSON.stringify(APP_VERSION),
    },
    plugins: [
      react(),
      ...(demo ? [mockServiceWorker()] : []),
      VitePWA({
        strategies: 'generateSW',
        // A new version waits until the user presses 'Atualizar' (src/app/update-prompt.tsx).
        registerType: 'prompt',
        // Registration is done in code (src/app/pwa-register.ts through virtual:pwa-register), not by an
        // injected script.
        injectRegister: null,
        // public/manifest.webmanifest is the manifest, linked from index.html.
        manifest: false,
        // Never in dev or in the demo: there msw's worker owns the scope.
        devOptions: { enabled: false },
        workbox: {
          // The app shell: every built file but the install screenshots (only the install dialog uses them).
          globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
          // The msw worker of the demo mode must never be precached into the real app.
          globIgnores: ['**/mockServiceWorker.js', 'screenshots/**'],
          // Navigations (a reload on /pacientes, a start from the home screen) get index.html offline...
          navigateFallback: '/index.html',
          // ...but never /api: TanStack Query owns the data (docs/product.md §13), and no /api answer is cached
          // here (no runtimeCaching at all).
          // The install page (/instalar) is served by the server, never the app shell.
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/instalar(\/|$)/],
          cleanupOutdatedCaches: true,
          // The first install takes control of the open page at once, so that its lazily loaded pages come
          // from the precache if the connection drops before the next reload. Updates still wait for
          // 'Atualizar' (no skipWaiting).
          clientsClaim: true,
        },
      }),
      // .br/.gz next to every built file (the service worker's too), the entry's fetch priority
      deliveryPlugins(),
    ],
    resolve: { alias: aliases },
    build: {
      // Size budget (npm run size, docs/performance.md): no modulepreload polyfill in the entry. A browser
      // without <link rel=modulepreload> (Safari before 17) loads those chunks when the entry imports them.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // zod in a chunk of its own, apart from the contract's schemas that every page shares: the contract
            // grows with each feature, zod does not, and each stays under the 30 KiB a later chunk may weigh
            // (bench/journal/2026-11-24-issue-18-floor.md, "Size budget"). The first screen loads neither. The
            // contract's modules without schemas (the statuses' rules, the clinic's clock, the messages) in a
            // chunk of their own too: left to the bundler they joined the entities' chunk, so today's board
            // imported zod and built the entities' schemas before its first paint
            // (bench/journal/2026-11-24-mid-range-tablet-second-round.md, "Offline start without zod").
            // scripts/check-size.ts refuses a build whose first screen or board loads zod.
            groups: [
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              {
                name: 'contract-rules',
                test: /contract[\\/](status|clinic-time|messages|limits|session|whatsapp)\.ts$/,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: apiProxy,
    },
    preview: {
      proxy: apiProxy,
    },
  }
})
