// Preparing the embedded cluster before PostgreSQL starts: what an interrupted first start left behind,
// the superuser's password (generated once; set again in single-user mode when its file was lost), the
// first initdb (in a temporary folder renamed into place, so that a kill during initdb leaves no broken
// cluster), the owner and mode of the cluster folder, a postmaster left by a previous life; and, once
// PostgreSQL runs, the application database.
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { exitDescription, hintFor, runToCompletion, type Binaries } from './binaries'
import { fsyncDir, rotateLog, withUmask, writeFileAtomic } from './files'
import { connectionUrl, PG_DATABASE, PG_SUPERUSER, type EmbeddedLayout } from './layout'
import { LOCK_FILE } from './lock'
import { chownTree, EmbeddedPostgresError, type RunAs } from './os'
import { clearLeftovers } from './postmaster'
import { processState } from './proc'

const INITDB_FLAGS = ['--encoding=UTF8', '--no-locale', '--auth=scram-sha-256']

/**
 * Makes the cluster of `layout` ready to start (creating it on the first start) and answers the
 * superuser's password. Runs while this process holds the data folder's lock.
 */
export async function prepareCluster(
  bin: Binaries,
  layout: EmbeddedLayout,
  runAs: RunAs | null,
  log: (m: string) => void,
): Promise<string> {
  removeAbandonedInits(layout.dataDir)
  const clusterExists = existsSync(join(layout.clusterDir, 'PG_VERSION'))
  if (!clusterExists && existsSync(layout.clusterDir)) {
    // Not made by this code (it renames complete clusters into place): do not guess.
    throw new EmbeddedPostgresError(
      `A pasta ${layout.clusterDir} existe mas não contém um banco PostgreSQL. Mova-a ou apague-a (se estiver vazia) e inicie de novo.`,
    )
  }
  const { password, isNew: passwordLost } = readOrCreatePassword(layout, clusterExists)
  if (!clusterExists) await initCluster(bin, layout, password, runAs, log)

  if (runAs) {
    const st = statSync(layout.clusterDir)
    if (st.uid !== runAs.uid || st.gid !== runAs.gid) chownTree(layout.clusterDir, runAs.uid, runAs.gid)
  }
  if ((statSync(layout.clusterDir).mode & 0o077) !== 0) chmodSync(layout.clusterDir, 0o700)

  await clearLeftovers(layout, log)
  if (passwordLost) await resetPassword(bin, layout, password, runAs, log)
  rotateLog(layout.logFile)
  return password
}

/** Removes what an interrupted first initdb left behind. */
function removeAbandonedInits(dataDir: string): void {
  for (const entry of readdirSync(dataDir)) {
    if (entry.startsWith('pg-init-')) rmSync(join(dataDir, entry), { recursive: true, force: true })
    if (entry.startsWith('pg-password.tmp-')) rmSync(join(dataDir, entry), { force: true })
    // private files of a lock acquisition interrupted by the death of its process
    const lockTmp = entry.startsWith(`${LOCK_FILE}.`) ? /\.(?:stale\.)?(\d+)\.[0-9a-f]+$/.exec(entry) : null
    if (lockTmp && processState(Number(lockTmp[1])) !== 'alive') rmSync(join(dataDir, entry), { force: true })
  }
}

/** initdb in a temporary sibling folder, renamed into place when complete. */
async function initCluster(
  bin: Binaries,
  layout: EmbeddedLayout,
  password: string,
  runAs: RunAs | null,
  log: (m: string) => void,
) {
  log(`Criando o banco de dados em ${layout.clusterDir} (primeira execução)…`)
  const suffix = randomBytes(6).toString('hex')
  const tmpDir = join(layout.dataDir, `pg-init-${suffix}`)
  const pwFile = join(layout.dataDir, `pg-init-${suffix}.pw`)
  try {
    // A umask of 077 would make these unreadable for the `postgres` user; initdb sets its own afterwards.
    withUmask(0o022, () => {
      mkdirSync(tmpDir, { mode: 0o700 })
      writeFileSync(pwFile, `${password}\n`, { mode: 0o600 })
      if (runAs) {
        chownSync(tmpDir, runAs.uid, runAs.gid)
        chownSync(pwFile, runAs.uid, runAs.gid)
      }
    })
    const result = await runToCompletion(
      bin.initdb,
      [`--pgdata=${tmpDir}`, `--username=${PG_SUPERUSER}`, `--pwfile=${pwFile}`, '--no-instructions', ...INITDB_FLAGS],
      runAs,
      layout.dataDir,
    )
    if (result.code !== 0) {
      throw new EmbeddedPostgresError(
        `A criação do banco de dados (initdb) falhou (${exitDescription(result.code, result.signal)}):\n${result.output.trim().slice(-3000)}${hintFor(result.output)}`,
      )
    }
    renameSync(tmpDir, layout.clusterDir)
    fsyncDir(layout.dataDir)
  } finally {
    rmSync(pwFile, { force: true })
    rmSync(tmpDir, { recursive: true, force: true })
  }
}

/** Sets a new superuser password in single-user mode (no network), when pg-password was lost. */
async function resetPassword(
  bin: Binaries,
  layout: EmbeddedLayout,
  password: string,
  runAs: RunAs | null,
  log: (m: string) => void,
) {
  log(`O arquivo ${layout.passwordFile} não existe: gerando uma nova senha para o PostgreSQL embutido.`)
  const escaped = password.replaceAll("'", "''")
  const result = await runToCompletion(
    bin.postgres,
    ['--single', '-D', layout.clusterDir, '-c', 'listen_addresses=', '-c', 'unix_socket_directories=', 'postgres'],
    runAs,
    layout.dataDir,
    `ALTER ROLE ${PG_SUPERUSER} PASSWORD '${escaped}';\n`,
  )
  if (result.code !== 0) {
    throw new EmbeddedPostgresError(
      `Não foi possível redefinir a senha do PostgreSQL embutido:\n${result.output.trim().slice(-3000)}`,
    )
  }
}

function readOrCreatePassword(layout: EmbeddedLayout, clusterExists: boolean): { password: string; isNew: boolean } {
  try {
    const existing = readFileSync(layout.passwordFile, 'utf8').trim()
    if (existing !== '') return { password: existing, isNew: false }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const password = randomBytes(24).toString('hex')
  writeFileAtomic(layout.passwordFile, `${password}\n`, 0o600)
  return { password, isNew: clusterExists }
}

/** Creates the application database on the first start (the cluster has only `postgres`). */
export async function ensureApplicationDatabase(password: string, port: number): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(password, port, 'postgres') })
  client.on('error', () => {})
  await client.connect()
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE])
    if (exists.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${PG_DATABASE}`)
      } catch (error) {
        if ((error as { code?: string }).code !== '42P04') throw error // created meanwhile
      }
    }
  } finally {
    await client.end()
  }
}
