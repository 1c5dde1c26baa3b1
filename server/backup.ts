// `npm run backup [-- <file or folder>]`: a consistent copy of the clinic's database while the server
// keeps running — `pg_dump --format=custom` (one snapshot) of the same major version as the server.
// From DATABASE_URL, or from the embedded server of DATA_DIR (the running one, reached through its
// postmaster.pid and password file; started for the copy and stopped after it when the server is not
// running). By default into DATA_DIR/backups/clinica-<UTC time>.dump. Restore with `npm run restore`.
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { loadConfigOrExit } from './process/config'
import {
  backupsDir,
  ensureBackupsDir,
  manualBackupName,
  openTarget,
  toolsFor,
  type DatabaseTarget,
} from './backups/backups'
import { exitFailed, exitOnInterrupt } from './backups/cli'
import { BackupError, dumpTo, type DumpHandle } from './backups/pg-tools'

const say = (message: string) => console.log(message)
const config = loadConfigOrExit()

function outputPath(arg: string | undefined): string {
  if (arg === undefined || arg.trim() === '') {
    const dir = backupsDir(config.dataDir)
    ensureBackupsDir(dir)
    return join(dir, manualBackupName())
  }
  const path = resolve(arg)
  if (existsSync(path) && statSync(path).isDirectory()) return join(path, manualBackupName())
  if (existsSync(path))
    throw new BackupError(`O arquivo ${path} já existe: escolha outro nome (uma cópia nunca é sobrescrita).`)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  return path
}

let target: DatabaseTarget | undefined
let handle: DumpHandle | undefined
exitOnInterrupt(
  'Interrompido: a cópia incompleta foi descartada.',
  () => handle && { stop: () => handle?.cancel(), done: handle.done },
  () => target,
)

try {
  const path = outputPath(process.argv[2])
  target = await openTarget(config, say, true)
  const { dump, check } = await toolsFor(target.url)
  say(`Copiando ${target.description} com ${dump.path} (PostgreSQL ${dump.major})…`)
  const started = Date.now()
  handle = dumpTo(dump, target.url, path, check)
  const { bytes } = await handle.done
  say(
    `Cópia de segurança gravada: ${path} (${(bytes / 1024).toFixed(0)} kB, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  )
  say(`Guarde uma cópia deste arquivo fora desta máquina. Para restaurar em um banco vazio: npm run restore -- ${path}`)
  await target.close()
  process.exit(0)
} catch (error) {
  await exitFailed(error, 'Falha na cópia de segurança', target)
}
