// A failing database test must fail the run: the embedded PostgreSQL package's exit hook used to turn
// vitest's exit code 1 into 0 (tests/support/global-postgres.ts), so `npm test` and CI went on green.
import { spawnSync } from 'node:child_process'
import { expect, it } from 'vitest'
import { repoRoot } from '../runtime/helpers'

it('vitest exits 1 when a test fails under the database global setup', { timeout: 180_000 }, () => {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env.DATABASE_URL // the embedded PostgreSQL, whose package brought the hook
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/tools/fixtures/exit-code.vitest.config.ts'],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 170_000 },
  )
  expect(run.stdout + run.stderr).toMatch(/fails on purpose/)
  expect(run.status).toBe(1)
})
