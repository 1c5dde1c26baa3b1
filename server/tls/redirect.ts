// With HTTPS on, plain HTTP from another device (a Host that is not localhost) is sent to the same name on
// the HTTPS port: a tablet that opens http://192.168.0.10:3000 lands where the service worker can run.
// localhost keeps plain HTTP as before. Behind a proxy (TRUST_PROXY) the forwarded protocol counts.
// The install page and the authority's certificate stay reachable over plain HTTP: a device that does
// not trust the authority yet would meet a certificate warning on HTTPS (it checks the fingerprint instead).
import type { FastifyInstance } from 'fastify'
import { isLoopbackHost, originOf } from './https-support'

export const INSTALL_PREFIX = '/instalar'

/** The hostname of a Host header, or undefined when it is not a plain host[:port]. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined
  try {
    const url = new URL(`http://${host}`)
    return url.username === '' && url.pathname === '/' && url.search === '' ? url.hostname : undefined
  } catch {
    return undefined
  }
}

export function setupHttpsRedirect(app: FastifyInstance, httpsPort: () => number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') return
    const path = request.url.split('?')[0] ?? ''
    if (path === INSTALL_PREFIX || path.startsWith(`${INSTALL_PREFIX}/`)) return
    const hostname = hostnameOf(request.headers.host)
    if (hostname === undefined || isLoopbackHost(hostname)) return
    const target = `${originOf('https', hostname, httpsPort())}${request.url}`
    // 307 (not permanent): should the clinic turn HTTPS off, no browser keeps sending its tablets to it.
    return reply.code(307).header('location', target).header('cache-control', 'no-store').send()
  })
}
