// A TCP proxy in front of the test PostgreSQL that can play its faults without touching the server other
// test files share: `freeze()` keeps every connection open and accepts new ones but forwards nothing (what
// a SIGSTOPped PostgreSQL looks like from the client), `thaw()` delivers what was held back and resumes,
// `drop()` resets every open connection (what a killed PostgreSQL looks like), `refuse()` closes new ones,
// `delayNew(ms)` answers a new connection only after ms (a machine too busy to start a backend promptly).
import net from 'node:net'

export interface FaultProxy {
  /** The database URL with the proxy's host and port. */
  url: string
  freeze(): void
  thaw(): void
  drop(): void
  refuse(on: boolean): void
  delayNew(ms: number): void
  close(): Promise<void>
}

interface Pair {
  client: net.Socket
  server: net.Socket
  /** Bytes held back while frozen, each way. */
  toServer: Buffer[]
  toClient: Buffer[]
}

export async function startFaultProxy(databaseUrl: string): Promise<FaultProxy> {
  const target = new URL(databaseUrl)
  const pairs = new Set<Pair>()
  let frozen = false
  let refusing = false
  let delayMs = 0

  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy()
      return
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    const pair: Pair = { client, server: upstream, toServer: [], toClient: [] }
    pairs.add(pair)
    // held back until the delay is over, as frozen bytes are
    let waiting = delayMs > 0
    if (waiting) {
      setTimeout(() => {
        waiting = false
        if (!frozen) for (const chunk of pair.toServer.splice(0)) upstream.write(chunk)
      }, delayMs)
    }
    client.on('data', (chunk) => (frozen || waiting ? pair.toServer.push(chunk) : upstream.write(chunk)))
    upstream.on('data', (chunk) => (frozen ? pair.toClient.push(chunk) : client.write(chunk)))
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      upstream.destroy()
    }
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)

  return {
    url: url.toString(),
    freeze() {
      frozen = true
    },
    thaw() {
      frozen = false
      for (const pair of pairs) {
        for (const chunk of pair.toServer.splice(0)) pair.server.write(chunk)
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk)
      }
    },
    drop() {
      for (const { client, server: upstream } of [...pairs]) {
        client.resetAndDestroy()
        upstream.destroy()
      }
    },
    refuse(on) {
      refusing = on
    },
    delayNew(ms) {
      delayMs = ms
    },
    close() {
      for (const { client, server: upstream } of [...pairs]) {
        client.destroy()
        upstream.destroy()
      }
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
