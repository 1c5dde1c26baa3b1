// The API test files' shared setup: one app on a fresh database per file, created before its tests and
// closed after them. Read it inside tests and hooks only (it exists between beforeAll and afterAll).
import { afterAll, beforeAll } from 'vitest'
import type { AppOptions } from '../../server/http/app'
import { createTestApp, type TestApp } from './api-app'

export function testAppPerFile(options: Partial<AppOptions> = {}): TestApp {
  let current: TestApp | undefined
  beforeAll(async () => {
    current = await createTestApp(options)
  })
  afterAll(async () => {
    await current?.close()
  })
  return new Proxy({} as TestApp, {
    get(_, key: keyof TestApp) {
      if (!current) throw new Error('The test app exists only inside tests and hooks (testAppPerFile).')
      return current[key]
    },
  })
}
