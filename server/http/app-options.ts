// What one API process builds its app with, from the settings: server.ts (one process) and each worker of
// server/process/cluster-worker.ts (API_PROCESSES > 1) — so a setting reaches every process the same way.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AppOptions } from './app'
import type { Config } from '../process/config'

/** The PWA is served when its build is there (index.html in STATIC_DIR). */
export const hasPwa = (config: Config) => existsSync(join(config.staticDir, 'index.html'))

export function appOptionsOf(config: Config, db: AppOptions['db'], jwtSecret: string): AppOptions {
  return {
    db,
    jwtSecret,
    staticDir: hasPwa(config) ? config.staticDir : undefined,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // the DICOM service (issue 19) listens in every API process: node:cluster shares its port as it shares PORT
    dicom: config.dicom && { ...config.dicom, host: config.host },
  }
}
