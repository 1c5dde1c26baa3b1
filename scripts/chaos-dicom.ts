// The DICOM flood of `npm run chaos` (issue 35, docs/reliability.md): from one address, against the real
// server, while /api/health is asked without pause — the exponential wildcard from a known machine, PDUs
// declaring 4 GB, association requests with a C-FIND in the same write from an unknown AE title, then 400
// connections that send nothing. Counts what came back (never a dataset) and the slowest health answer.
import net from 'node:net'
import { associateRq, cFind, splitPdus } from '../tests/dicom/raw'

export interface FloodFigures {
  connections: number
  /** Attacking connections (all but the known machine's) that got a P-DATA (a dataset, an answer) back. */
  answeredWithData: number
  /** The known machine's wildcard query got its answer, in how long. */
  wildcardAnsweredMs: number | null
  aborted: number
  rejected: number
  /** Closed by the server with no PDU at all (a limit, ARTIM). */
  closedUnanswered: number
  /** Slowest /api/health during the flood, and how many health answers were not 200. */
  healthSlowestMs: number
  healthFailures: number
  healthAsked: number
  /** How long the last idle connection was held open. */
  idleHeldMs: number
  seconds: number
}

interface Outcome {
  types: number[]
  ms: number
}

/** One connection: `send` writes to it; resolves with the PDU types received once the server closes it. */
function connection(port: number, send: (socket: net.Socket) => void, limitMs = 120_000): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', () => {})
    socket.on('close', () =>
      resolve({ types: splitPdus(Buffer.concat(chunks)).map((p) => p[0]!), ms: Date.now() - started }),
    )
    socket.on('connect', () => send(socket))
    setTimeout(() => socket.destroy(), limitMs).unref()
  })
}

export async function dicomFlood(dicomPort: number, base: string, knownAeTitle: string): Promise<FloodFigures> {
  const started = Date.now()
  let flooding = true
  let slowest = 0
  let failures = 0
  let asked = 0
  const health = (async () => {
    while (flooding) {
      const t = performance.now()
      try {
        const answer = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) })
        if (answer.status !== 200) failures += 1
      } catch {
        failures += 1
      }
      asked += 1
      slowest = Math.max(slowest, performance.now() - t)
    }
  })()

  const outcomes: Outcome[] = []
  // the wildcard, from a known machine that waits for the acceptance as it should
  outcomes.push(
    await connection(dicomPort, (socket) => {
      socket.write(associateRq(knownAeTitle))
      socket.once('data', () => {
        socket.write(cFind('*A*A*A*A*A*A*A*A*A*A*A*A*#'))
        socket.once('data', () => socket.end(Buffer.from([5, 0, 0, 0, 0, 4, 0, 0, 0, 0])))
      })
    }),
  )
  // 20 headers declaring 4 GB, each followed by 4 MB
  const filler = Buffer.alloc(4 * 1024 * 1024, 0x41)
  outcomes.push(
    ...(await Promise.all(
      Array.from({ length: 20 }, () =>
        connection(dicomPort, (socket) =>
          socket.write(Buffer.concat([Buffer.from([1, 0, 255, 255, 255, 255]), filler])),
        ),
      ),
    )),
  )
  // 100 unknown AE titles sending their association request and a C-FIND in one write
  for (let i = 0; i < 100; i += 10)
    outcomes.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, () =>
          connection(dicomPort, (socket) => socket.write(Buffer.concat([associateRq('INTRUSO'), cFind('*')]))),
        ),
      )),
    )
  // 400 connections that send nothing
  const idle = await Promise.all(Array.from({ length: 400 }, () => connection(dicomPort, () => {})))
  outcomes.push(...idle)

  flooding = false
  await health
  return {
    connections: outcomes.length,
    answeredWithData: outcomes.slice(1).filter((o) => o.types.includes(4)).length,
    wildcardAnsweredMs: outcomes[0]!.types.includes(4) ? outcomes[0]!.ms : null,
    aborted: outcomes.filter((o) => o.types.includes(7)).length,
    rejected: outcomes.filter((o) => o.types.includes(3)).length,
    closedUnanswered: outcomes.filter((o) => o.types.length === 0).length,
    healthSlowestMs: Math.round(slowest),
    healthFailures: failures,
    healthAsked: asked,
    idleHeldMs: Math.max(...idle.map((o) => o.ms)),
    seconds: Math.round((Date.now() - started) / 100) / 10,
  }
}
