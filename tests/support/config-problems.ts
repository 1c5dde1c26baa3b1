// What loadConfig (server/process/config.ts) refuses in an environment: its Portuguese problems, none when it loads —
// shared by the tests of each group of settings.
import { ConfigError, loadConfig } from '../../server/process/config'

/** The problems loadConfig names for `env` (read from `dir`), or [] when the configuration loads. */
export function configProblems(env: Record<string, string>, dir = '/tmp'): string[] {
  try {
    loadConfig(env, dir)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}
