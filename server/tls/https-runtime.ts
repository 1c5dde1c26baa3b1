// HTTPS in the running server (server.ts calls it): the certificates, the HTTPS listener beside the HTTP
// one, the mDNS announcement, the watch for renewals and address changes, and what start-up says.
import type { FastifyInstance } from 'fastify'
import type { Config } from '../process/config'
import { announce, type Announcement } from '../process/mdns'
import { describeForLog, openCertificates, type TlsCertificates } from './certificates'
import type { HttpsConfig } from './https-config'
import { listenHttps, type HttpsListener } from './https-server'
import { createHttpsSupport, isLoopbackHost, type HttpsSupport } from './https-support'

export interface HttpsRuntime {
  /** For buildApp's `https` option. */
  support: HttpsSupport
  /** Listens on HTTPS_PORT (after the HTTP server listens on `httpPort`) and announces the name. */
  listen(app: FastifyInstance, httpPort: number): Promise<void>
  /** Says, in Portuguese, what a tablet should open and where the install page is. */
  report(localUrl: string): void
  closeIdleConnections(): void
  close(): Promise<void>
}

interface Output {
  log: (message: string) => void
  warn: (message: string) => void
}

export async function prepareHttps(config: Config & { https: HttpsConfig }, output: Output): Promise<HttpsRuntime> {
  const certificates: TlsCertificates = await openCertificates(config.https, config.dataDir, output)
  let ports = { http: config.port, https: config.https.port }
  const support = createHttpsSupport({ config: config.https, host: config.host, certificates, ports: () => ports })
  let listener: HttpsListener | undefined
  let announcement: Announcement | undefined

  return {
    support,
    async listen(app, httpPort) {
      listener = await listenHttps(app, certificates, { host: config.host, port: config.https.port })
      ports = { http: httpPort, https: listener.port }
      if (support.announcedName && config.https.mdns) {
        announcement = announce({ name: support.announcedName, port: listener.port, warn: output.warn })
        // new addresses are announced with the certificate that names them
        certificates.onChange(() => announcement?.refresh())
      }
      certificates.watch()
    },
    report(localUrl) {
      const [first, ...others] = support.appAddresses()
      const alternatives = others.map((a) => a.url)
      output.log(`HTTPS no ar na porta ${support.httpsPort()}. ${describeForLog(certificates.info())}`)
      if (isLoopbackHost(config.host)) {
        output.warn(
          `Aviso: HOST=${config.host}: só este computador alcança o servidor. Para os tablets e celulares, deixe HOST sem definir (ou HOST=0.0.0.0).`,
        )
      }
      output.log(
        `Nos tablets e celulares da clínica, abra: ${first?.url ?? ''}${alternatives.length > 0 ? `  (ou ${alternatives.join(', ')})` : ''}`,
      )
      output.log(
        `Para instalar o app num tablet ou celular (certificado, código QR e passo a passo), abra neste computador: ${localUrl}/instalar`,
      )
    },
    closeIdleConnections: () => listener?.closeIdleConnections(),
    async close() {
      certificates.stop()
      await Promise.all([announcement?.stop(), listener?.close()])
    },
  }
}
