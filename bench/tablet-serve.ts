// Profiling helper (not a bench): the real server on a throwaway database with the bench's data, serving the
// PWA built into STATIC (rebuild it in place between A/B runs); writes its URL and a session to INFO.
import { writeFileSync } from 'node:fs'
import pg from 'pg'
import { seedBulk } from './seed'
import { embeddedDatabase, signIn, startServer } from './support'

const [staticDir, info] = process.argv.slice(2) as [string, string]
const database = embeddedDatabase()
const server = await startServer({ env: database.env, staticDir })
const client = new pg.Client({ connectionString: database.url() })
await client.connect()
const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [server.adminEmail])
await seedBulk(client, { pacientes: 3_000, agendamentos: 20 * 14 * 30, medicos: 20, userId: rows[0]!.id })
await client.end()
const session = await signIn(server)
writeFileSync(info, JSON.stringify({ url: server.url, session }))
console.log(`ready ${server.url}`)
const stop = async () => {
  await server.stop()
  await database.drop()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
