// What the application needs to know about HTTPS (buildApp's `https` option): the certificate being
// served (health call), the local authority (install page), the addresses a device should open, and the
// HTTPS port that plain HTTP on the network redirects to.
import { isIPv4 } from 'node:net'
import type { CertificateInfo, TlsCertificates } from './certificates'
import type { HttpsConfig } from './https-config'

export interface DeviceAddress {
  url: string
  /** 'nome': a name (clinica.local); 'endereco': a numeric LAN address. */
  kind: 'nome' | 'endereco'
}

export interface HttpsSupport {
  mode: HttpsConfig['mode']
  httpPort(): number
  httpsPort(): number
  /** The name announced over mDNS, when it is. */
  announcedName: string | undefined
  /** Where a tablet or phone opens the app, the one to try first first. */
  appAddresses(): DeviceAddress[]
  /** This install page over plain HTTP on the network (before the device trusts the authority); undefined when HTTP is not on the network. */
  installPageUrl(): string | undefined
  certificate(): CertificateInfo
  authority(): { certPem: string; sha256: string; commonName: string } | undefined
}

export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h)
}

export function originOf(scheme: 'http' | 'https', host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '')
  const shownHost = bare.includes(':') ? `[${bare}]` : bare
  const defaultPort = scheme === 'https' ? 443 : 80
  return `${scheme}://${shownHost}${port === defaultPort ? '' : `:${port}`}`
}

export interface HttpsSupportOptions {
  config: HttpsConfig
  /** HOST: when loopback, no other device reaches plain HTTP. */
  host: string
  certificates: TlsCertificates
  /** The ports actually listened on (PORT=0 / HTTPS_PORT=0 pick free ones). */
  ports: () => { http: number; https: number }
}

export function createHttpsSupport({ config, host, certificates, ports }: HttpsSupportOptions): HttpsSupport {
  const announcedName = config.mode === 'auto' && config.mdns && !isLoopbackHost(host) ? config.mdnsName : undefined
  const lanIps = () => certificates.subjects().ips.filter((ip) => isIPv4(ip) && !isLoopbackHost(ip))
  return {
    mode: config.mode,
    httpPort: () => ports().http,
    httpsPort: () => ports().https,
    announcedName,
    appAddresses() {
      const port = ports().https
      const { dnsNames } = certificates.subjects()
      const names =
        config.mode === 'auto'
          ? [...(announcedName ? [announcedName] : []), ...config.extraNames.filter((n) => dnsNames.includes(n))]
          : dnsNames.filter((n) => !n.includes('*') && !isLoopbackHost(n))
      const addresses: DeviceAddress[] = [
        ...names.map((name) => ({ url: originOf('https', name, port), kind: 'nome' as const })),
        ...lanIps().map((ip) => ({ url: originOf('https', ip, port), kind: 'endereco' as const })),
      ]
      return addresses.length > 0 ? addresses : [{ url: originOf('https', 'localhost', port), kind: 'nome' }]
    },
    installPageUrl() {
      const ip = lanIps()[0]
      if (isLoopbackHost(host) || ip === undefined) return undefined
      return `${originOf('http', ip, ports().http)}/instalar`
    },
    certificate: () => certificates.info(),
    authority: () => certificates.authority(),
  }
}
