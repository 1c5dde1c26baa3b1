import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { aliases } from './aliases.js'

/** Files of the api project at once: `API_WORKERS` overrides (1 runs them one by one, as before). */
const API_WORKERS = Number(process.env.API_WORKERS) || 2
/** Files of the web and tools projects at once (CPU-bound: jsdom, ESLint, tsc); vitest's default is cores − 1. */
const CPU_WORKERS = Number(process.env.CPU_WORKERS) || Math.max(availableParallelism() - 1, 1)
/**
 * The files of a worker share one module graph: the server, the contract, jsdom and React are imported once
 * per worker instead of once per file, which was half of each project's processor time (docs/decisions.md,
 * "Tests": CI's time). Every api file already cleans what it changes (its own database, its own ports). A web
 * file meets the PWA as a page load would: tests/support/web-page-load.ts evaluates the PWA's modules afresh
 * for it and removes what the file before left on the window. `ISOLATE=1` gives every file its own graph
 * again, to tell a leak between files from a failure of the file.
 */
const ISOLATE = process.env.ISOLATE === '1'
/**
 * Files left out of this run, one per line: `npm test` leaves out the API's files that depend on the day,
 * which `npm run test:dates` runs at its chosen instant (scripts/test.sh), so that each runs once.
 */
const LEFT_OUT = (process.env.CLINICA_LEAVE_OUT ?? '').split('\n').filter(Boolean)
/**
 * The libraries of the PWA that keep state between pages: run through vitest's module runner (not Node's
 * own loader), so that tests/support/web-page-load.ts evaluates them afresh for every web file, with the
 * PWA's own modules, while the rest of node_modules is loaded once per worker.
 */
const WEB_FRESH_LIBRARIES = [
  '@tanstack/query-core',
  '@tanstack/react-query',
  '@tanstack/query-persist-client-core',
  '@tanstack/react-query-persist-client',
  'react-toastify',
  'idb-keyval',
  'fake-indexeddb',
]

const WEB_FILES = ['tests/contract-schemas/**/*.test.ts', 'tests/web/**/*.test.{ts,tsx}']
const API_FILES = [
  'tests/server/**/*.test.ts',
  'tests/contract/**/*.test.ts',
  'tests/runtime/**/*.test.ts',
  'tests/hardening/**/*.test.ts',
  'tests/perf/**/*.test.ts',
  'tests/reliability/**/*.test.ts',
  // issue 19: the DICOM service with dcmtk's findscu (docs/dicom.md)
  'tests/dicom/**/*.test.ts',
]

/**
 * The test files that replace a module (`vi.mock`): in a shared module graph the replaced module would stay
 * replaced for the files after them, so they run in a project of their own, isolated.
 */
function replacingModules(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`)
      .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8'))),
  )
}
const WEB_REPLACING = replacingModules(['tests/contract-schemas', 'tests/web'])
const API_REPLACING = replacingModules([
  'tests/server',
  'tests/contract',
  'tests/runtime',
  'tests/hardening',
  'tests/perf',
  'tests/reliability',
  'tests/dicom',
])

/** The project's files that share a module graph, and (named `<name>-isolated`) those that replace a module. */
function withIsolated(project: TestProjectInlineConfiguration, replacing: string[]): TestProjectInlineConfiguration[] {
  const test = project.test ?? {}
  const shared = { ...project, test: { ...test, isolate: ISOLATE, exclude: [...replacing, ...LEFT_OUT] } }
  if (replacing.length === 0) return [shared]
  return [shared, { ...project, test: { ...test, name: `${test.name}-isolated`, isolate: true, include: replacing } }]
}

// The PWA (and the contract's own tests) in jsdom; the repository's tools in node; the API (and its
// embedded database) in node, with the contract suite that runs the same checks against the msw handlers
// and the real server. The web and api projects have an `-isolated` twin for the files that replace a
// module, when there are any (`--project 'api*'` runs both). Every test lives under tests/ (tests/README.md
// maps the folders; tests/tools/test-layout.test.ts fails on one outside it).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      ...withIsolated(
        {
          extends: true,
          plugins: [react()],
          test: {
            name: 'web',
            environment: 'jsdom',
            include: WEB_FILES,
            setupFiles: ['tests/support/web-page-load.ts', 'tests/support/web-setup.ts'],
            server: { deps: { inline: WEB_FRESH_LIBRARIES } },
            maxWorkers: CPU_WORKERS,
            sequence: { groupOrder: 1 },
            // a whole screen rendered and driven in jsdom: 5 s (vitest's default) is a quiet machine's figure;
            // room for more than one 20 s wait of Testing Library (tests/support/web-setup.ts)
            testTimeout: 60_000,
          },
        },
        WEB_REPLACING,
      ),
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
      ...withIsolated(
        {
          extends: true,
          test: {
            name: 'api',
            environment: 'node',
            include: API_FILES,
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
        API_REPLACING,
      ),
    ],
  },
})
