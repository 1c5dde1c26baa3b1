// `npm run restore -- <file>`: loads a copy made by `npm run backup` (or by the server's daily dumps) into
// an EMPTY database — DATABASE_URL, or the embedded server of DATA_DIR (started for the restore and
// stopped after it; a new DATA_DIR gets a new cluster). A database that has tables is refused: nothing is
// ever overwritten. One transaction: a restore that fails leaves the database as empty as it was. Then the
// token-signing epoch is renewed, so no session from before the backup survives it, unless
// `--manter-sessoes` is given.
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import pg from 'pg'
import { rotateSigningEpoch } from './auth/signing-secret'
import { loadConfigOrExit } from './process/config'
import { openTarget, serverHoldsDataDir, type DatabaseTarget } from './backups/backups'
import { exitFailed, exitOnInterrupt } from './backups/cli'
import { BackupError, runTool, selectTool, serverMajor, type RunningTool } from './backups/pg-tools'

const say = (message: string) => console.log(message)
const config = loadConfigOrExit()

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end().catch(() => {})
  }
}

/** Tables, views and sequences outside PostgreSQL's own schemas. */
async function userRelations(url: string): Promise<number> {
  const [row] = await query<{ n: string }>(
    url,
    `select count(*)::text as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  )
  return Number(row!.n)
}

let target: DatabaseTarget | undefined
let run: RunningTool | undefined
exitOnInterrupt(
  'Interrompido: a restauração foi desfeita (uma única transação); o banco continua vazio.',
  () => run && { stop: () => run?.kill(), done: run.done },
  () => target,
)

/** `--manter-sessoes`: tokens issued before the backup stay valid (by default a restore ends them all). */
const KEEP_SESSIONS_FLAG = '--manter-sessoes'

try {
  const args = process.argv.slice(2)
  const keepSessions = args.includes(KEEP_SESSIONS_FLAG)
  const arg = args.find((a) => a !== KEEP_SESSIONS_FLAG)
  if (arg === undefined || arg.trim() === '')
    throw new BackupError(
      'Informe o arquivo da cópia de segurança: npm run restore -- <arquivo.dump> [--manter-sessoes]',
    )
  const file = resolve(arg)
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`Arquivo não encontrado: ${file}`)
  if (!config.databaseUrl) {
    const holder = serverHoldsDataDir(config.dataDir)
    if (holder !== null)
      throw new BackupError(
        `O servidor da Clínica está em execução com a pasta de dados ${config.dataDir} (PID ${holder}). ` +
          'A restauração só é feita em um banco vazio: pare o servidor e restaure em uma pasta de dados nova (DATA_DIR=…), ' +
          'ou em outro banco com DATABASE_URL.',
      )
  }
  target = await openTarget(config, say, true)
  const relations = await userRelations(target.url)
  if (relations > 0)
    throw new BackupError(
      `O banco de destino (${target.description}) não está vazio: tem ${relations} tabelas, sequências ou visões. ` +
        'A restauração só é feita em um banco vazio, para nunca sobrescrever dados: crie um banco novo (createdb) ' +
        'e aponte DATABASE_URL para ele, ou use uma pasta de dados nova (DATA_DIR=…).',
    )
  const tool = selectTool('pg_restore', await serverMajor(target.url))
  say(`Restaurando ${file} em ${target.description} com ${tool.path} (PostgreSQL ${tool.major})…`)
  run = runTool(
    tool,
    target.url,
    ['--no-owner', '--no-privileges', '--no-comments', '--exit-on-error', '--single-transaction', '--no-password'],
    [file],
  )
  try {
    await run.done
  } catch (error) {
    throw new BackupError(
      `A restauração falhou e foi desfeita (o banco continua vazio). O arquivo é uma cópia feita com npm run backup?\n${(error as Error).message}`,
    )
  }
  // The dump carries the token-signing secret: a new signing epoch makes every earlier token invalid.
  if (keepSessions) say('Sessões mantidas (--manter-sessoes): quem estava conectado na cópia continua conectado.')
  else {
    const client = new pg.Client({ connectionString: target.url })
    await client.connect()
    try {
      await rotateSigningEpoch(client)
    } finally {
      await client.end().catch(() => {})
    }
    say(
      'Chave das sessões trocada: todas as sessões anteriores terminaram; cada usuário entra de novo (use --manter-sessoes para manter).',
    )
  }
  const [counts] = await query<Record<string, string>>(
    target.url,
    `select (select count(*) from pacientes)::text as pacientes, (select count(*) from agendamentos)::text as agendamentos,
            (select count(*) from medicos)::text as medicos, (select count(*) from users)::text as usuarios,
            (select count(*) from audit_log)::text as auditoria`,
  ).catch(() => [undefined])
  say('Restauração concluída.')
  if (counts)
    say(
      `  ${counts.pacientes} pacientes, ${counts.agendamentos} agendamentos, ${counts.medicos} médicos, ${counts.usuarios} usuários, ${counts.auditoria} registros de auditoria.`,
    )
  await target.close()
  process.exit(0)
} catch (error) {
  await exitFailed(error, 'Falha na restauração', target)
}
