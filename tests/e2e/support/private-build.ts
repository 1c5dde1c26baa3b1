// A private copy of the production build, served on its own port with /api passed to the real server:
// a test can then "deploy" a new version (change sw.js) without touching dist/, which the server and any
// other run share. The browser fetches a service worker's script itself, out of reach of context.route.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
}

export interface PrivateBuild {
  /** http://127.0.0.1:<port> — a secure context like localhost, so service workers work. */
  url: string
  /** Appends a comment to sw.js: the next update check finds a new service worker. */
  deployNewServiceWorker(marker: string): void
  close(): Promise<void>
}

async function proxyApi(request: IncomingMessage, response: ServerResponse, apiOrigin: string) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers.set(name, value)
  }
  try {
    const answer = await fetch(`${apiOrigin}${request.url}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    })
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-store',
    })
    response.end(Buffer.from(await answer.arrayBuffer()))
  } catch {
    response.writeHead(502).end()
  }
}

export async function startPrivateBuild(apiOrigin: string, distDir = 'dist'): Promise<PrivateBuild> {
  const root = mkdtempSync(join(tmpdir(), 'clinica-build-'))
  cpSync(distDir, root, { recursive: true })
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]!)
    if (path === '/api' || path.startsWith('/api/')) return void proxyApi(request, response, apiOrigin)
    let file = normalize(join(root, path))
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html')
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    })
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    deployNewServiceWorker(marker) {
      const sw = join(root, 'sw.js')
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// ${marker}\n`)
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
      rmSync(root, { recursive: true, force: true })
    },
  }
}
