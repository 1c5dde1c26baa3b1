// The HTTP server's own limits (docs/decisions.md, "Reliability"): how long a client may take to send its
// headers and its request, how long an idle kept-alive connection stays open, how many requests one
// connection may carry, how big the headers may be — and the answer when a client breaks one of them,
// written before Fastify sees a request (Node's 'clientError'), in the contract's shape and in Portuguese.
import { STATUS_CODES, type Server as HttpServer } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyServerOptions } from 'fastify'
import { messages, type ErrorBody } from '@contract'

/** The whole header block must arrive within this (a client sending a line per second is cut off). */
export const HEADERS_TIMEOUT_MS = 10_000
/** The whole request, body included (at most 100 kB), must arrive within this. */
export const REQUEST_TIMEOUT_MS = 30_000
/** An idle kept-alive connection is closed after this (Node's own default; Fastify's is 72 s). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000
/** A connection with no traffic at all for this long is closed, whatever it is doing. */
export const CONNECTION_TIMEOUT_MS = 60_000
/** Requests one kept-alive connection may carry before the server closes it. */
export const MAX_REQUESTS_PER_SOCKET = 1_000
/** Headers over this are refused with 431 (Node's default size, stated here so it is a decision). */
export const MAX_HEADER_BYTES = 16 * 1024
/** How often Node checks the header and request timeouts (its default is 30 s, which would let a slow client linger). */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000

/**
 * Fastify options carrying the limits. `http` reaches http.createServer; an HTTPS server must be given
 * the same headersTimeout, maxHeaderSize and connectionsCheckingInterval in its own options.
 */
export const httpLimitOptions = {
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  connectionTimeout: CONNECTION_TIMEOUT_MS,
  maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
  http: {
    headersTimeout: HEADERS_TIMEOUT_MS,
    maxHeaderSize: MAX_HEADER_BYTES,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
  },
} satisfies Partial<FastifyServerOptions> & { http: object }

/** Options for a server Node creates itself (the HTTPS listener): the ones only its constructor takes. */
export const serverConstructorLimits = {
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  maxHeaderSize: MAX_HEADER_BYTES,
  connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
}

/** The rest of the limits and the clientError answer, on a server Node created (HTTPS beside Fastify's HTTP). */
export function applyHttpLimits(server: HttpServer): void {
  server.maxRequestsPerSocket = MAX_REQUESTS_PER_SOCKET
  server.setTimeout(CONNECTION_TIMEOUT_MS)
  server.on('clientError', clientErrorHandler)
}

/** What a client that broke the protocol or a limit gets: 431, 408 or 400, `{ error }`, then the connection closes. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // a reset connection has nobody to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, text] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, messages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, messages.requestTimeout]
        : [400, messages.invalidRequest]
  const body = JSON.stringify({ error: text } satisfies ErrorBody)
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    )
  }
  socket.destroySoon()
}
