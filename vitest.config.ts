import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { aliases } from './aliases.js'

/** Files of the api project at once: `API_WORKERS` overrides (1 runs them one by one, as before). */
const API_WORKERS = Number(process.env.API_WORKERS) || 2
/** Files of the web and tools projects at once (CPU-bound: jsdom, ESLint, tsc); vitest's default is cores − 1. */
const CPU_WORKERS = Number(process.env.CPU_WORKERS) || Math.max(availableParallelism() - 1, 1)

// Three projects: the PWA (and the contract's own tests) in jsdom; the repository's tools in node; the
// API (and its embedded database) in node, with the contract suite that runs the same checks against the
// msw handlers and the real server. Every test lives under tests/ (tests/README.md maps the folders;
// tests/tools/test-layout.test.ts fails on one outside it).
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
          include: ['tests/contract-schemas/**/*.test.ts', 'tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts'],
          maxWorkers: CPU_WORKERS,
          sequence: { groupOrder: 1 },
          // a whole screen rendered and driven in jsdom: 5 s (vitest's default) is a quiet machine's figure;
          // room for more than one 20 s wait of Testing Library (tests/support/web-setup.ts)
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // the repository's own tools (scripts/), no browser and no database
          name: 'tools',
          environment: 'node',
          include: ['tests/tools/**/*.test.ts'],
          maxWorkers: CPU_WORKERS,
          sequence: { groupOrder: 1 },
          // some run ESLint, tsc or a build over the repository: seconds on a quiet machine, more on a busy one
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
            'tests/runtime/**/*.test.ts',
            'tests/hardening/**/*.test.ts',
            'tests/perf/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
            // issue 19: the DICOM service with dcmtk's findscu (docs/dicom.md)
            'tests/dicom/**/*.test.ts',
          ],
          globalSetup: ['tests/support/global-postgres.ts'],
          // Most of these files wait (a spawned server, an embedded PostgreSQL starting, the database
          // answering) rather than compute: more files at once than cores. vitest runs projects with
          // different worker counts in turn, in groupOrder (docs/decisions.md, "Tests": CI's time).
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
