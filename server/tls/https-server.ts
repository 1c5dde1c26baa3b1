// The HTTPS listener beside Fastify's own HTTP one: a Node https.Server handing every request to the same
// Fastify application (app.routing), so hooks, routes and the closing behaviour are shared. A renewed
// certificate is swapped in without a restart (setSecureContext).
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { applyHttpLimits, serverConstructorLimits } from '../http/http-limits'
import type { TlsCertificates } from './certificates'

export interface HttpsListener {
  server: Server
  port: number
  closeIdleConnections(): void
  /** Stops accepting; resolves when the connections still open have ended. */
  close(): Promise<void>
}

export async function listenHttps(
  app: FastifyInstance,
  certificates: TlsCertificates,
  where: { host: string; port: number },
): Promise<HttpsListener> {
  // the same timeouts, keep-alive and header limits as the HTTP listener (server/http/http-limits.ts)
  const server = createServer({ ...certificates.current(), ...serverConstructorLimits }, (request, response) =>
    app.routing(request, response),
  )
  applyHttpLimits(server)
  certificates.onChange(() => server.setSecureContext(certificates.current()))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(where.port, where.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  let closing: Promise<void> | undefined
  return {
    server,
    port: (server.address() as AddressInfo).port,
    closeIdleConnections: () => server.closeIdleConnections(),
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
      return closing
    },
  }
}
