import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { aliases } from './aliases.js'

// Three projects: the PWA in jsdom, the API (and its embedded database) in node, and the contract suite
// that runs the same checks against the msw handlers and the real server.
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/runtime/**/*.test.ts', 'tests/hardening/**/*.test.ts', 'tests/perf/**/*.test.ts'],
          globalSetup: ['tests/support/global-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
