// The names and addresses a device on the clinic's network may use to reach this computer: the host name,
// <host>.local, the mDNS name, localhost, extra names, and the private LAN addresses of its interfaces
// (os.networkInterfaces()). Only private addresses: the local authority may vouch for nothing else.
import { BlockList, isIPv4 } from 'node:net'
import { hostname as osHostname, networkInterfaces as osNetworkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import { isValidDnsName } from './https-config'

/** Address ranges the local authority may vouch for (its name constraints): loopback and private networks. */
export const PRIVATE_RANGES = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
] as const

const privateBlocks = new BlockList()
for (const range of PRIVATE_RANGES) {
  const [network, prefix] = range.split('/') as [string, string]
  privateBlocks.addSubnet(network, Number(prefix), isIPv4(network) ? 'ipv4' : 'ipv6')
}

export function isPrivateAddress(address: string): boolean {
  return privateBlocks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6')
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>

// Virtual interfaces (containers, VMs): listed after the real network card, never shown first.
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|lxc|lxd|cni|flannel|podman|tailscale|zt|utun|tun|tap)/i

/**
 * The private addresses this computer has on its networks, the real network card's first: IPv4 in
 * 10/8, 172.16/12, 192.168/16 and IPv6 unique-local (fc00::/7). Link-local addresses (169.254.x.x, fe80::)
 * are left out: they come and go, and a tablet cannot be sent to them.
 */
export function lanAddresses(interfaces: Interfaces = osNetworkInterfaces()): string[] {
  const found: { address: string; rank: number }[] = []
  for (const [name, infos] of Object.entries(interfaces)) {
    for (const info of infos ?? []) {
      if (info.internal || !isPrivateAddress(info.address)) continue
      if (info.address.startsWith('169.254.') || info.address.toLowerCase().startsWith('fe80:')) continue
      const rank =
        (VIRTUAL.test(name) ? 10 : 0) + (info.family === 'IPv4' ? 0 : 5) + (info.address.startsWith('192.168.') ? 0 : 1)
      found.push({ address: info.address, rank })
    }
  }
  found.sort((a, b) => a.rank - b.rank)
  return [...new Set(found.map((f) => f.address))]
}

export interface Subjects {
  /** DNS names, in the order they are shown. */
  dnsNames: string[]
  /** IP addresses: 127.0.0.1, ::1 and the LAN's. */
  ips: string[]
}

export interface SubjectSources {
  mdnsName: string
  extraNames: string[]
  hostname?: string
  interfaces?: Interfaces
}

/** This computer's DNS names: localhost, the mDNS name, the host name and <host>.local, the extra names. */
export function localDnsNames({
  mdnsName,
  extraNames,
  hostname = osHostname(),
}: Omit<SubjectSources, 'interfaces'>): string[] {
  const names = [mdnsName, 'localhost']
  const host = hostname.trim().toLowerCase().replace(/\.$/, '')
  if (isValidDnsName(host)) {
    names.push(host)
    // A bare host name (e.g. "recepcao") is also reached as recepcao.local over mDNS.
    if (!host.includes('.')) names.push(`${host}.local`)
  }
  names.push(...extraNames)
  return [...new Set(names)]
}

/** Everything the server certificate should name right now. */
export function currentSubjects(sources: SubjectSources): Subjects {
  return {
    dnsNames: localDnsNames(sources),
    ips: ['127.0.0.1', '::1', ...lanAddresses(sources.interfaces)],
  }
}
