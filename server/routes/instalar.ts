// GET /instalar (public, no patient data): how to install the app on the clinic's tablets and phones —
// the address as text and QR code, the local authority's certificate and its fingerprint, the steps for
// Android and iPad/iPhone and how to remove it. GET /instalar/clinica-ca.crt: that certificate (never its key).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { messages, type ErrorBody } from '@contract'
import { isLoopbackHost, originOf, type HttpsSupport } from '../tls/https-support'
import { CA_DOWNLOAD_PATH, renderInstallPage, type InstallPageData } from './instalar-page'

export interface InstalarOptions {
  https?: HttpsSupport
}

function pageData(https: HttpsSupport | undefined, request: FastifyRequest): InstallPageData {
  const hostname = request.hostname
  const local = isLoopbackHost(hostname) && request.protocol === 'http' ? `http://${request.host}` : undefined
  if (!https) {
    // No HTTPS of our own: behind an HTTPS reverse proxy (TRUST_PROXY) the address is the one used now.
    if (request.protocol === 'https') {
      return {
        mode: 'proxy',
        appAddresses: [{ url: originOf('https', hostname, Number(request.port ?? 443)), kind: 'nome' }],
      }
    }
    return { mode: 'off', appAddresses: [] }
  }
  const authority = https.authority()
  return {
    mode: https.mode,
    appAddresses: https.appAddresses(),
    installPageUrl: https.mode === 'auto' ? https.installPageUrl() : undefined,
    announcedName: https.announcedName,
    authority: authority && { sha256: authority.sha256, commonName: authority.commonName },
    localUrl: local ?? `${originOf('http', 'localhost', https.httpPort())}`,
  }
}

const routes: FastifyPluginAsync<InstalarOptions> = async (app, { https }) => {
  app.get('/instalar', async (request, reply) => {
    const html = await renderInstallPage(pageData(https, request))
    // the addresses follow the network: never from a cache
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })

  app.get(CA_DOWNLOAD_PATH, async (_request, reply) => {
    const authority = https?.authority()
    if (!authority) return reply.code(404).send({ error: messages.routeNotFound } satisfies ErrorBody)
    return (
      reply
        .header('cache-control', 'no-cache')
        .header('content-disposition', 'attachment; filename="clinica-ca.crt"')
        // the type iOS opens as a profile to install, and Android's settings accept
        .type('application/x-x509-ca-cert')
        .send(authority.certPem)
    )
  })
}

// Outside /api: no token, and the app's error handler answers its 404s.
export const instalarRoutes = fp(routes, {
  name: 'clinica-instalar-routes',
  dependencies: ['clinica-errors'],
  encapsulate: true,
  fastify: '5.x',
})
