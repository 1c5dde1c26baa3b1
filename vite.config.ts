import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      // A new version waits until the user presses 'Atualizar' (src/app/update-prompt.tsx).
      registerType: 'prompt',
      // Registration is done in code (src/main.tsx through virtual:pwa-register), not by an injected script.
      injectRegister: null,
      // public/manifest.webmanifest is the manifest, linked from index.html.
      manifest: false,
      workbox: {
        navigateFallback: '/index.html',
        // /api is never answered by the service worker: TanStack Query owns the data (DESIGN.md).
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The msw worker of the demo mode must never be precached into the real app.
        globIgnores: ['**/mockServiceWorker.js'],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
})
