// Security headers on every answer (helmet) and `Cache-Control: no-store` on every /api answer, errors
// included: patient data must not sit in a browser's or a proxy's HTTP cache.
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { isApiUrl } from './errors'

/** The PWA's Content-Security-Policy (a Vite build: no inline scripts; React sets inline styles). */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
}

export async function setupSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    // The clinic may run the app over plain HTTP on its LAN: HSTS would pin browsers to HTTPS.
    strictTransportSecurity: false,
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store')
    return payload
  })
}
