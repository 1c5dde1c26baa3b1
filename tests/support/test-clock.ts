// The web suites' clock: every file runs at one instant, pinned before anything reads it — the mock's seed,
// a test's `clinicToday()` at module level and the app all see the same day, and a run that crosses
// midnight (or a slow file) cannot move "today" under a test. Only `Date` is pinned; timers stay real, so
// Testing Library's waits and the app's debounces behave as in a browser.
//
// `CLINICA_TEST_NOW` (an ISO instant) chooses the instant; without it, the real time when the file starts.
// scripts/test-dates.ts runs the suites that read the clock at chosen instants (a Friday, a Saturday,
// 23:59 and 00:01 in São Paulo, the last day of a month), so a calendar edge fails in CI.
import { vi } from 'vitest'

const chosen = process.env.CLINICA_TEST_NOW
export const testNow = chosen ? new Date(chosen) : new Date()
if (Number.isNaN(testNow.getTime())) throw new Error(`CLINICA_TEST_NOW is not an ISO instant: ${chosen}`)

/** Pins `Date` at the file's instant (again after a test that used its own fake or real timers). */
export function pinClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(testNow)
}

pinClock()
