// TLS as a client sees it, for the HTTPS tests: a handshake that trusts only the given authority (Node's
// OpenSSL, which enforces name constraints), and network interfaces as os.networkInterfaces() lists them.
import { connect, type PeerCertificate } from 'node:tls'
import type { NetworkInterfaceInfo } from 'node:os'
import { checkServerIdentity } from 'node:tls'

export interface Handshake {
  ok: boolean
  /** OpenSSL's or Node's reason when refused (e.g. "permitted subtree violation"). */
  error?: string
  /** SHA-256 of the certificate the server presented. */
  fingerprint?: string
  peer?: PeerCertificate
}

/**
 * Connects to 127.0.0.1:`port` as a device that trusts `caPem` only and opened https://`name`: the chain
 * must verify and the certificate must name `name` (a DNS name or an IP address).
 */
export function handshake(port: number, caPem: string, name: string): Promise<Handshake> {
  const isIp = /^[\d.]+$/.test(name) || name.includes(':')
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      ca: caPem,
      ...(isIp ? {} : { servername: name }),
      checkServerIdentity: (_host, cert) => checkServerIdentity(name, cert),
    })
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate()
      resolve({ ok: true, fingerprint: peer.fingerprint256, peer })
      socket.end()
    })
    socket.once('error', (error) => {
      resolve({ ok: false, error: error.message })
      socket.destroy()
    })
  })
}

/** os.networkInterfaces()-shaped interfaces: a loopback and an "eth0" with the given IPv4 addresses. */
export function interfacesWith(...ipv4: string[]): NodeJS.Dict<NetworkInterfaceInfo[]> {
  const entry = (address: string, internal: boolean): NetworkInterfaceInfo => ({
    address,
    netmask: '255.255.255.0',
    family: 'IPv4',
    mac: internal ? '00:00:00:00:00:00' : '02:42:ac:11:00:02',
    internal,
    cidr: `${address}/24`,
  })
  return { lo: [entry('127.0.0.1', true)], eth0: ipv4.map((a) => entry(a, false)) }
}
