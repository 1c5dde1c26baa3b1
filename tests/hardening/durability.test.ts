// Durability of the embedded server, crashes in a row (CYCLES below): start the real server (a child process, as
// `npm start` runs it), write in a loop, SIGKILL at a random moment — the whole process tree (as a power
// cut would) or Node alone (PostgreSQL orphaned) — and start again. No acknowledged write may be lost, and
// a write whose answer never came, retried after the restart with its Idempotency-Key, exists exactly once.
// (A second server on the same data folder, and SIGTERM's drain, are covered by tests/runtime/lifecycle.test.ts.)
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IDEMPOTENCY_HEADER } from '@contract'
import {
  cleanupAll,
  freePort,
  killPostgres,
  letters,
  postgresPids,
  sleep,
  startServer,
  staticDir,
  tempRoot,
  token,
  waitGone,
  type ServerProcess,
} from '../runtime/helpers'

// 8 crashes in npm test (half of each kind, a random moment each, a new seed each run: CI's runs add up);
// DURABILITY_CYCLES=200 for a longer soak. Each cycle starts a real server, so the time it takes follows the
// machine's load: the limit below is for a machine whose cores are all busy elsewhere, not a speed target.
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 8)
const CYCLE_BUDGET_MS = 20_000
const ADMIN_EMAIL = 'duravel@clinica.test'
const ADMIN_PASSWORD = 'senha-duravel-123'
const SEED = Number(process.env.DURABILITY_SEED ?? Date.now() % 1_000_000)

/** mulberry32: a small seeded generator, so that a failing run can be replayed (DURABILITY_SEED). */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

let env: Record<string, string>
let dataDir: string

beforeAll(async () => {
  const root = tempRoot('clinica-durability-')
  dataDir = join(root, 'data')
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    STATIC_DIR: staticDir(root),
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    AUTO_BACKUP: 'off',
  }
})
afterAll(cleanupAll, 30_000)

interface Write {
  nome: string
  key: string
}

async function register(url: string, tok: string, write: Write): Promise<number> {
  const res = await fetch(`${url}/api/medico/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tok}`, [IDEMPOTENCY_HEADER]: write.key },
    body: JSON.stringify({ nome: write.nome }),
    signal: AbortSignal.timeout(10_000),
  })
  await res.arrayBuffer()
  return res.status
}

async function medicoCounts(url: string, tok: string): Promise<Map<string, number>> {
  const res = await fetch(`${url}/api/medico/listAll`, { headers: { authorization: `Bearer ${tok}` } })
  expect(res.status).toBe(200)
  const counts = new Map<string, number>()
  for (const { nome } of ((await res.json()) as { medicos: { nome: string }[] }).medicos)
    counts.set(nome, (counts.get(nome) ?? 0) + 1)
  return counts
}

describe('durability of the embedded server', () => {
  it(
    `${CYCLES} cycles of start → writes → SIGKILL at a random moment → restart: no acknowledged write lost, retries exactly once (seed ${SEED})`,
    async () => {
      const rand = random(SEED)
      const acknowledged: Write[] = []
      let unanswered: Write[] = []
      let killedWhole = 0
      let server: ServerProcess | undefined

      for (let cycle = 0; cycle < CYCLES; cycle++) {
        server = startServer(env)
        await server.waitReady(60_000)
        const url = server.url
        const tok = await token(url, ADMIN_EMAIL, ADMIN_PASSWORD)

        // What the previous crash left unanswered: retried with the same key, it must exist exactly once.
        for (const write of unanswered) {
          expect(await register(url, tok, write), `retry of ${write.nome} (seed ${SEED})`).toBe(201)
          acknowledged.push(write)
        }
        unanswered = []
        const counts = await medicoCounts(url, tok)
        const lost = acknowledged.filter((w) => !counts.has(w.nome)).map((w) => w.nome)
        const doubled = acknowledged.filter((w) => (counts.get(w.nome) ?? 0) > 1).map((w) => w.nome)
        expect({ cycle, seed: SEED, lost, doubled }).toEqual({ cycle, seed: SEED, lost: [], doubled: [] })

        // The write loop: three writers, each write with its own key.
        let stop = false
        const writers = Array.from({ length: 3 }, async (_, w) => {
          for (let i = 0; !stop; i++) {
            const write = { nome: `Dur ${letters(cycle)} ${letters(w)} ${letters(i)}`, key: `dur-${cycle}-${w}-${i}` }
            try {
              if ((await register(url, tok, write)) === 201) acknowledged.push(write)
              else unanswered.push(write)
            } catch {
              // the server died with the request in hand: committed or not, nobody knows yet
              unanswered.push(write)
            }
          }
        })

        // SIGKILL at a random moment of the loop; every other cycle PostgreSQL dies too (a power cut),
        // otherwise only Node (PostgreSQL is left orphaned, and the next start stops it).
        await sleep(20 + Math.floor(rand() * 400))
        const whole = cycle % 2 === 0
        const pg = whole ? postgresPids(dataDir) : []
        server.kill('SIGKILL')
        if (whole) {
          killPostgres(dataDir)
          killedWhole++
        }
        stop = true
        await Promise.all(writers)
        await server.exited
        await waitGone(pg)
      }

      // a last start: everything acknowledged is there, once
      server = startServer(env)
      await server.waitReady(60_000)
      const tok = await token(server.url, ADMIN_EMAIL, ADMIN_PASSWORD)
      for (const write of unanswered) {
        expect(await register(server.url, tok, write)).toBe(201)
        acknowledged.push(write)
      }
      const counts = await medicoCounts(server.url, tok)
      expect(
        acknowledged.filter((w) => counts.get(w.nome) !== 1).map((w) => `${w.nome}: ${counts.get(w.nome) ?? 0}`),
      ).toEqual([])
      expect(killedWhole).toBe(CYCLES / 2)
      // writes happened in (nearly) every cycle: the kills did land during the loop
      expect(acknowledged.length).toBeGreaterThan(CYCLES * 3)
      server.kill('SIGTERM', 'process')
      expect((await server.exited).code).toBe(0)
    },
    CYCLES * CYCLE_BUDGET_MS,
  )
})
