// A TCP port free on 127.0.0.1 right now (the OS picks it): for a server started next, e.g. the embedded
// PostgreSQL, and the test suites' servers.
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolvePort(port))
    })
  })
}
