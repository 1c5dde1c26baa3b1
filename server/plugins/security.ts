// Security headers on every answer (helmet) and `Cache-Control: no-store` on every /api answer, errors
// included: patient data must not sit in a browser's or a proxy's HTTP cache.
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isApiUrl } from './errors'

/** The PWA's Content-Security-Policy (a Vite build: no inline scripts; React sets inline styles). */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // The API, and the public CEP service the patient form asks from the browser (docs/decisions.md,
  // "Brazilian forms"): that one origin, nothing else.
  'connect-src': ["'self'", 'https://viacep.com.br'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
}

/**
 * Browser features the app never uses, denied to it and to anything it might embed: a script injected
 * despite the CSP still cannot open the camera, the microphone or the location.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()'

async function setupSecurity(app: FastifyInstance): Promise<void> {
  // helmet's middleware, built once. @fastify/helmet rebuilt it (and re-parsed the CSP) on every request:
  // a visible share of the server's CPU on small answers (bench/journal/2026-11-22-first-day.md, "helmet built once").
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    // The clinic may run the app over plain HTTP on its LAN: HSTS would pin browsers to HTTPS.
    strictTransportSecurity: false,
  })
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY)
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store')
    return payload
  })
}

/** Not encapsulated: the headers go on every answer of the app, the PWA's files included. */
export const securityPlugin = fp(setupSecurity, { name: 'clinica-security', fastify: '5.x' })
