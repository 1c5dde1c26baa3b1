// API_PROCESSES=2 (server/process/cluster.ts) as `npm start` runs it, on its own embedded PostgreSQL: both workers
// answer on the one port, the once-only work runs once, a killed worker is replaced while the port keeps
// answering, SIGTERM to the primary stops the workers, then the database, and workers whose primary is
// SIGKILLed stop by themselves. Which process answered is read from the request log's `pid` (pino's own
// field; nothing is added to the answers for the test).
import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findWorklist } from '../dicom/support'
import {
  cleanupAll,
  freePort,
  isAlive,
  postgresPids,
  startServer,
  staticDir,
  tempRoot,
  token,
  waitGone,
  type ServerProcess,
} from './helpers'

let server: ServerProcess
let dataDir: string
const env: { STATIC_DIR?: string } = {}
let dicomPort: number

/** A GET on a connection of its own (a kept-alive one would always reach the same worker): its status. */
function getOnNewConnection(url: string, path: string, tok?: string): Promise<number> {
  return new Promise((resolve) => {
    const headers = tok ? { authorization: `Bearer ${tok}` } : {}
    const request = http.get(`${url}/api${path}`, { agent: false, timeout: 10_000, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? -1))
    })
    request.on('error', () => resolve(-1))
    request.on('timeout', () => request.destroy())
  })
}

const healthOnNewConnection = (url: string) => getOnNewConnection(url, '/health')

/** Process ids that logged a request to `path` (/api/health by default). */
function pidsThatAnswered(output: string, path = '/api/health'): Set<number> {
  const pids = new Set<number>()
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      const entry = JSON.parse(line) as { pid?: number; req?: { url?: string } }
      if (entry.req?.url === path && entry.pid) pids.add(entry.pid)
    } catch {
      // not a log line
    }
  }
  return pids
}

function workerPids(output: string): Map<string, number> {
  const pids = new Map<string, number>()
  for (const m of output.matchAll(/Processo da API (\d+) no ar \(PID (\d+)\)/g)) pids.set(m[1]!, Number(m[2]))
  return pids
}

beforeAll(async () => {
  const root = tempRoot('clinica-rt-cluster-')
  dataDir = join(root, 'data')
  env.STATIC_DIR = staticDir(root)
  dicomPort = await freePort()
  server = startServer(
    {
      API_PROCESSES: '2',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      STATIC_DIR: env.STATIC_DIR,
      LOG_LEVEL: 'info',
      DICOM_PORT: String(dicomPort),
    },
    { entry: 'server/start.ts' },
  )
  await server.waitForOutput(/Clínica no ar: .*\(2 processos da API/, 90_000)
}, 120_000)
afterAll(cleanupAll, 30_000)

describe.sequential('API_PROCESSES=2', () => {
  it('runs the once-only work once: one database, one administrator with its password printed once', async () => {
    const output = server.output()
    expect(output.match(/Administrador criado/g)).toHaveLength(1)
    expect(output.match(/Banco de dados: PostgreSQL embutido/g)).toHaveLength(1)
    expect(workerPids(output).size).toBe(2)
    const password = /senha: {2}(\S+)/.exec(output)![1]!
    // the session made through one worker is good on the other (they share the secret and the sessions table)
    const tok = await token(server.url, 'admin@clinica.local', password)
    await expect
      .poll(
        async () => {
          expect(await getOnNewConnection(server.url, '/medico/listAll', tok)).toBe(200)
          return pidsThatAnswered(server.output(), '/api/medico/listAll').size
        },
        { timeout: 30_000 },
      )
      .toBe(2)
  })

  it('answers on one port from both workers', async () => {
    const workers = new Set(workerPids(server.output()).values())
    await expect
      .poll(
        async () => {
          expect(await healthOnNewConnection(server.url)).toBe(200)
          return [...pidsThatAnswered(server.output())].filter((pid) => workers.has(pid)).length
        },
        { timeout: 30_000 },
      )
      .toBe(2)
  })

  it('runs the DICOM service in the workers, on its one port (an unknown AE title refused at association)', async () => {
    // no machine has an AE title in this database: any caller is unknown, and only a listening service says so
    const result = await findWorklist(dicomPort, 'DESCONHECIDO', ['ScheduledProcedureStepSequence[0].Modality'])
    expect(result.output).toMatch(/Association Rejected/i)
    expect(server.output().match(/DICOM: worklist e MPPS ouvindo/g)).toHaveLength(2)
  })

  it('replaces a killed worker, and the port keeps answering', async () => {
    const killed = workerPids(server.output()).get('2')!
    process.kill(killed, 'SIGKILL')
    await server.waitForOutput(new RegExp(`Processo da API 2 \\(PID ${killed}\\) parou \\(sinal SIGKILL\\)`))
    for (let i = 0; i < 6; i++) expect(await healthOnNewConnection(server.url)).toBe(200)
    await expect.poll(() => workerPids(server.output()).get('2'), { timeout: 30_000 }).not.toBe(killed)
    const replacement = workerPids(server.output()).get('2')!
    expect(isAlive(replacement)).toBe(true)
    await expect
      .poll(
        async () => {
          expect(await healthOnNewConnection(server.url)).toBe(200)
          return pidsThatAnswered(server.output()).has(replacement)
        },
        { timeout: 30_000 },
      )
      .toBe(true)
  })

  it('SIGTERM to the primary stops the workers, then the database, and exits 0', async () => {
    const workers = [...workerPids(server.output()).values()].filter(isAlive)
    expect(workers).toHaveLength(2)
    const database = postgresPids(dataDir)
    expect(database.length).toBeGreaterThan(0)
    server.kill('SIGTERM', 'process')
    expect(await server.exited).toEqual({ code: 0, signal: null })
    await waitGone([...workers, ...database])
    expect(server.output()).toContain('PostgreSQL embutido parado.')
    expect(server.output()).toMatch(/Servidor encerrado\.\s*$/)
  })

  it('a worker whose primary is killed outright stops by itself', async () => {
    server = startServer(
      {
        API_PROCESSES: '2',
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        STATIC_DIR: env.STATIC_DIR!,
        LOG_LEVEL: 'info',
      },
      { entry: 'server/start.ts' },
    )
    await server.waitForOutput(/Clínica no ar: .*\(2 processos da API/, 90_000)
    const workers = [...workerPids(server.output()).values()]
    expect(workers.filter(isAlive)).toHaveLength(2)
    server.kill('SIGKILL', 'process')
    await waitGone(workers)
  })
})
