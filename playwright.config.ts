import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

// End-to-end in Debian's Chromium (never a downloaded browser) against the production build served by
// the real server with its embedded PostgreSQL, on a throwaway data folder.
// A random port per run, chosen once in the main process (workers inherit the environment), so that two
// runs on one machine never talk to each other's server.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000))
const PORT = Number(process.env.E2E_PORT)
export const E2E_ADMIN = { email: 'admin@clinica.local', password: 'admin-e2e-123', nome: 'Ana Administradora' }
const DATA_DIR = `test-results/e2e-data-${PORT}`

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // A failed test runs once more, recording its trace, and the run fails anyway (failOnFlakyTests): a test
  // that passes only the second time is a failing test. Recording a trace for every test (retain-on-failure)
  // was a third of the browser's processor time (docs/decisions.md, "Tests": CI's time).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The service worker precaches the whole build in every new browser context: the specs about it and the
    // journeys (the app as the clinic installs it) allow it; the other specs run without (a sixth of the
    // browser's processor time).
    serviceWorkers: 'block',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // The journeys run last: they walk the day on the demo data (`npm run seed`), which would otherwise sit
  // under the other specs' screens (docs/journeys.md).
  projects: [
    { name: 'e2e', testIgnore: /journeys\// },
    {
      name: 'journeys',
      testMatch: /journeys\/.*\.spec\.ts$/,
      dependencies: ['e2e'],
      use: { serviceWorkers: 'allow' },
    },
  ],
  webServer: {
    // `exec`: the signal below reaches the server itself, which stops its embedded PostgreSQL on the way
    // out (killed outright, it would leave that PostgreSQL running after the tests)
    command: `rm -rf ${DATA_DIR} && exec node --import tsx server/server.ts`,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      STATIC_DIR: 'dist',
      // the DICOM worklist and MPPS (issue 19): tests/e2e/dicom.spec.ts plays the machine
      DICOM_PORT: String(PORT + 1),
      // warnings and errors only: a line per request was most of CI's output and work the specs never read
      LOG_LEVEL: 'warn',
    },
  },
})
