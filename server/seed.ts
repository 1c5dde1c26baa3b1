// `npm run seed`: loads demonstration data (doctors, patients, appointments around today) into the same
// database the server uses — DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, whether or not the
// server is running (when it runs, the seed connects to its PostgreSQL; otherwise it starts it, seeds,
// and stops it). Safe to run twice: the second run finds the demo doctors and changes nothing.
import { asc, eq } from 'drizzle-orm'
import { formatDate } from '@contract'
import { ensureAdmin, reportAdmin } from './process/bootstrap'
import { loadConfigOrExit } from './process/config'
import { withStartupDb } from './db/client'
import { openDatabase, type OpenDatabase } from './db/database'
import { DataDirInUseError, EmbeddedPostgresError } from './db/embedded/postgres'
import { users } from './db/schema'
import { seedDemoData } from './demo/data'

const config = loadConfigOrExit()
let database: OpenDatabase | undefined
let interrupted = false

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error('Interrompido: nada foi gravado (a carga é uma única transação).')
    void (database?.close() ?? Promise.resolve()).finally(() => process.exit(130))
  })
}

try {
  database = await openDatabase(config, { attachToRunning: true, poolMax: 2 })
  // a tool, not a request: the start's waits (a busy machine's slow connection fails no seed)
  const { admin, result } = await withStartupDb(database.pool, async (db) => {
    // The demo rows need an author: the first administrator (created here on an empty database).
    reportAdmin(await ensureAdmin(db, config))
    const [admin] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, 'ADMIN'))
      .orderBy(asc(users.createdAt))
      .limit(1)
    if (!admin) throw new Error('nenhum usuário ADMIN no banco')
    return { admin, result: await seedDemoData(db, admin.id) }
  })
  if (result.skipped) {
    console.log('Os dados de demonstração já estão carregados (os médicos de demonstração existem): nada foi alterado.')
  } else {
    console.log(
      [
        'Dados de demonstração carregados:',
        `  ${result.medicos} médicos`,
        `  ${result.pacientes} pacientes (${result.inativos} inativos)`,
        `  ${result.agendamentos} agendamentos, ${result.agendamentosHoje} deles hoje (${formatDate(result.today)})`,
        `  catálogo: ${result.catalogo.exames} exames, ${result.catalogo.convenios} convênios além de Particular, ${result.catalogo.precos} preços`,
        `  autor dos registros: ${admin.email}`,
      ].join('\n'),
    )
  }
  await database.close()
  process.exit(0)
} catch (error) {
  const known = error instanceof DataDirInUseError || error instanceof EmbeddedPostgresError
  console.error(
    known
      ? (error as Error).message
      : `Falha ao carregar os dados de demonstração: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  await database?.close().catch(() => {})
  process.exit(1)
}
