// The embedded PostgreSQL's lifecycle, in this process: what a previous life left in postmaster.pid
// (a dead PID, a zombie, a PID now used by another program), the data folder lock, and errors that
// always carry a message. The cases share one cluster.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DataDirInUseError,
  EmbeddedPostgresError,
  findRunningEmbeddedPostgres,
  readPostmasterPid,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../server/db/embedded/postgres'
import { acquireDataDirLock, LOCK_FILE } from '../../server/db/embedded/lock'
import { processStartTime, processState } from '../../server/db/embedded/proc'
import { cleanupAll, isAlive, sleep, tempRoot } from './helpers'

let dataDir: string
let running: EmbeddedPostgres | undefined
const children: ChildProcess[] = []
const quiet = () => {}

/**
 * PostgreSQL treats a PID it may not signal (EPERM) as dead, so the processes named in a fake
 * postmaster.pid run as the user PostgreSQL runs as: `postgres` when the suite runs as root.
 */
const sameUserAsPostgres = (() => {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
})()

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(sql)).rows
  } finally {
    await client.end()
  }
}

/** A postmaster.pid as PostgreSQL writes it, naming `pid`. */
function fakePostmasterPid(pid: number) {
  const file = join(dataDir, 'pg', 'postmaster.pid')
  writeFileSync(file, `${pid}\n${join(dataDir, 'pg')}\n1700000000\n5432\n\n127.0.0.1\n  5432001         0\nready   \n`)
}

async function startAndCheck(): Promise<EmbeddedPostgres> {
  running = await startEmbeddedPostgres({ dataDir, log: quiet })
  expect(readPostmasterPid(join(dataDir, 'pg'))?.pid).toBe(running.pid)
  expect(await query(running.url, 'SELECT count(*)::int AS n FROM marker')).toEqual([{ n: 1 }])
  return running
}

beforeAll(async () => {
  dataDir = join(tempRoot('clinica-rt-emb-'), 'data')
  running = await startEmbeddedPostgres({ dataDir, log: quiet })
  await query(running.url, 'CREATE TABLE marker (id int); INSERT INTO marker VALUES (1)')
  await running.stop()
  running = undefined
}, 60_000)

afterAll(async () => {
  await running?.stop()
  for (const c of children) c.kill('SIGKILL')
  await cleanupAll()
}, 30_000)

describe.sequential('embedded PostgreSQL', () => {
  it('a stale postmaster.pid of a dead process is ignored by PostgreSQL', async () => {
    const dead = spawnSync('true').pid!
    expect(processState(dead)).toBe('dead')
    fakePostmasterPid(dead)
    await startAndCheck()
    await running!.stop()
  })

  it('a postmaster.pid naming a zombie is removed, and the server starts', async () => {
    // `sleep 0.3` exits after its parent has become `sleep 30` (exec), which never reaps it.
    const parent = spawn('/bin/sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      ...sameUserAsPostgres,
    })
    children.push(parent)
    const zombie = await new Promise<number>((r) =>
      parent.stdout!.once('data', (c: Buffer) => r(Number(String(c).trim()))),
    )
    const deadline = Date.now() + 5000
    while (processState(zombie) !== 'zombie' && Date.now() < deadline) await sleep(10)
    expect(processState(zombie)).toBe('zombie')
    fakePostmasterPid(zombie)
    await startAndCheck()
    await running!.stop()
  })

  it('a postmaster.pid naming a PID now used by another program is removed, and the server starts', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore', ...sameUserAsPostgres })
    children.push(other)
    fakePostmasterPid(other.pid!)
    await startAndCheck()
    expect(isAlive(other.pid!)).toBe(true) // left alone
    // running: the next cases need it
  })

  it('while it runs: tools find it through postmaster.pid and pg-password; another start is refused', async () => {
    const found = findRunningEmbeddedPostgres(dataDir)
    expect(found).toMatchObject({ port: running!.port, pid: running!.pid })
    expect(await query(found!.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }])
    const err = await startEmbeddedPostgres({ dataDir, log: quiet }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DataDirInUseError)
    expect((err as Error).message).toBe(
      `Outro servidor da Clínica já usa a pasta de dados ${dataDir} (PID ${process.pid}). Pare-o antes de iniciar outro.`,
    )
    // listening on 127.0.0.1 only; the application database exists
    const pidFile = readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')
    expect(pidFile[5]).toBe('127.0.0.1')
    expect(await query(running!.url, "SELECT current_setting('fsync') AS f, current_database() AS d")).toEqual([
      { f: 'on', d: 'clinica' },
    ])
    await running!.stop()
    running = undefined
    expect(findRunningEmbeddedPostgres(dataDir)).toBeNull()
    expect(readFileSync(join(dataDir, 'pg-password'), 'utf8')).not.toBe('')
  })

  it('a lost pg-password is regenerated and applied without starting the network', async () => {
    const { rmSync } = await import('node:fs')
    const before = readFileSync(join(dataDir, 'pg-password'), 'utf8')
    rmSync(join(dataDir, 'pg-password'))
    await startAndCheck()
    expect(readFileSync(join(dataDir, 'pg-password'), 'utf8')).not.toBe(before)
    await running!.stop()
    running = undefined
  })

  it('a failed start rejects with an Error that carries the end of PostgreSQL’s log', async () => {
    const busy: Server = createServer()
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r))
    const port = (busy.address() as { port: number }).port
    try {
      const err = await startEmbeddedPostgres({ dataDir, port, log: quiet }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(EmbeddedPostgresError)
      expect((err as Error).message).toMatch(/O PostgreSQL embutido parou ao iniciar/)
      expect((err as Error).message).toMatch(
        /could not bind|Address already in use|could not create any TCP\/IP sockets/,
      )
    } finally {
      busy.close()
    }
    // the failed start released the folder
    running = await startEmbeddedPostgres({ dataDir, log: quiet })
    await running.stop()
    running = undefined
  })

  it('a folder named pg that is not a cluster is refused with a message, not overwritten', async () => {
    const other = join(tempRoot('clinica-rt-emb2-'), 'data')
    mkdirSync(join(other, 'pg'), { recursive: true })
    writeFileSync(join(other, 'pg', 'nota.txt'), 'não é um banco')
    const err = await startEmbeddedPostgres({ dataDir: other, log: quiet }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(EmbeddedPostgresError)
    expect((err as Error).message).toContain('não contém um banco PostgreSQL')
    expect(readFileSync(join(other, 'pg', 'nota.txt'), 'utf8')).toBe('não é um banco')
  })
})

describe('data folder lock', () => {
  it('is exclusive while its owner lives; stale when the owner is dead or its PID was reused', async () => {
    const dir = tempRoot('clinica-rt-lock-')
    const lockFile = join(dir, LOCK_FILE)

    // A lock naming our own PID is from a previous life (in a container the server is often PID 1).
    writeFileSync(lockFile, `${process.pid}\n1\n`)
    acquireDataDirLock(dir).release()

    const other = spawn('sleep', ['30'], { stdio: 'ignore' })
    children.push(other)
    await sleep(50)
    writeFileSync(lockFile, `${other.pid}\n${processStartTime(other.pid!)}\n`)
    expect(() => acquireDataDirLock(dir)).toThrow(new DataDirInUseError(dir, other.pid!))

    // same PID, another start time: reused by an unrelated process
    writeFileSync(lockFile, `${other.pid}\n1\n`)
    acquireDataDirLock(dir).release()

    const dead = spawnSync('true').pid!
    writeFileSync(lockFile, `${dead}\n\n`)
    const taken = acquireDataDirLock(dir)
    expect(readFileSync(lockFile, 'utf8').split('\n')[0]).toBe(String(process.pid))
    taken.release()
    expect(() => readFileSync(lockFile)).toThrow()
  })
})
