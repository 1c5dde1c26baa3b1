// Every test lives under tests/ (tests/README.md): a newcomer finds the tests of a file there, by the part it
// tests, and vitest's projects (vitest.config.ts) look for them only there, so a test written beside its
// module elsewhere would never run.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))

it('no test file outside tests/', () => {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\0')
  const tests = files.filter((file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file))
  expect(tests.length).toBeGreaterThan(0)
  expect(tests.filter((file) => !file.startsWith('tests/'))).toEqual([])
})
