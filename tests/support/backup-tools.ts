// `npm run backup` / `npm run restore` as an operator runs them (real processes), and empty databases on the
// test run's PostgreSQL server to restore into — shared by the backup and the restore-sessions tests.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import pg from 'pg'
import { inject } from 'vitest'
import { repoRoot } from '../runtime/helpers'

const run = promisify(execFile)

/**
 * Runs server/backup.ts or server/restore.ts with `env` on top of this process's environment (whatever
 * database this run points at removed first); never throws: the exit code and everything it printed.
 */
export async function backupTool(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PG_BIN_DIR']) delete childEnv[key]
  Object.assign(childEnv, env)
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `server/${script}.ts`, ...args], {
      cwd: repoRoot,
      env: childEnv,
      timeout: 120_000,
    })
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

/** Empty databases made on demand (`create()` → its URL), all dropped by `dropAll()`. */
export function emptyDatabases() {
  const created: string[] = []
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: inject('postgresAdminUrl') })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }
  return {
    async create(): Promise<string> {
      const name = `r_${randomUUID().replaceAll('-', '')}`
      await admin((client) => client.query(`CREATE DATABASE ${name}`))
      created.push(name)
      const url = new URL(inject('postgresAdminUrl'))
      url.pathname = `/${name}`
      return url.toString()
    },
    async dropAll(): Promise<void> {
      await admin(async (client) => {
        for (const name of created.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      })
    },
  }
}
