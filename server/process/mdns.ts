// Announces the server's name (MDNS_NAME, default clinica.local) on the local network over mDNS
// (bonjour-service), so that devices resolving .local names open https://clinica.local:3443. An HTTPS
// service record is announced too. Announcing is a convenience: any failure (no multicast, port 5353 taken)
// is logged once and never stops the server.
import { Bonjour, type Service } from 'bonjour-service'

export interface Announcement {
  /** Announces again, with the current addresses (after a network change). */
  refresh(): void
  stop(): Promise<void>
}

/** The part of bonjour-service used here (a test double stands in for it). */
export interface MdnsResponder {
  publish(options: {
    name: string
    type: string
    port: number
    host: string
    probe: boolean
    disableIPv6: boolean
  }): Pick<Service, 'on'>
  unpublishAll(callback?: () => void): void
  destroy(callback?: () => void): void
}

export interface AnnounceOptions {
  /** e.g. clinica.local */
  name: string
  /** the HTTPS port */
  port: number
  warn: (message: string) => void
  createResponder?: (onError: (error: Error) => void) => MdnsResponder
}

function bonjourResponder(onError: (error: Error) => void): MdnsResponder {
  const bonjour = new Bonjour({}, onError)
  // multicast-dns emits 'error' when it cannot bind (EADDRINUSE, EACCES); bonjour-service listens for
  // none, and an unheard 'error' event would crash the process.
  const mdns = (bonjour as unknown as { server?: { mdns?: NodeJS.EventEmitter } }).server?.mdns
  mdns?.on('error', onError)
  mdns?.on('warning', () => {})
  return bonjour as unknown as MdnsResponder
}

export function announce({ name, port, warn, createResponder = bonjourResponder }: AnnounceOptions): Announcement {
  let warned = false
  const onError = (error: Error) => {
    if (warned) return
    warned = true
    warn(
      `Aviso: não foi possível anunciar ${name} na rede (mDNS: ${error.message}). Use o endereço numérico nos tablets.`,
    )
  }
  let responder: MdnsResponder | undefined
  const publish = () => {
    try {
      // The IPv4 addresses only: the HTTPS server listens on IPv4 (HOST), an IPv6 answer would lead nowhere.
      const service = responder?.publish({
        name: `Clínica (${name})`,
        type: 'https',
        port,
        host: name,
        probe: false,
        disableIPv6: true,
      })
      service?.on('error', onError)
    } catch (error) {
      onError(error as Error)
    }
  }
  try {
    responder = createResponder(onError)
    publish()
  } catch (error) {
    onError(error as Error)
  }
  return {
    refresh() {
      if (!responder) return
      try {
        responder.unpublishAll(publish)
      } catch (error) {
        onError(error as Error)
      }
    },
    async stop() {
      const current = responder
      responder = undefined
      if (!current) return
      // The goodbye packets go out first; never wait more than a second for them.
      await Promise.race([
        new Promise<void>((resolve) => {
          try {
            current.unpublishAll(() => {
              try {
                current.destroy(() => resolve())
              } catch {
                resolve()
              }
            })
          } catch {
            resolve()
          }
        }),
        new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()),
      ])
    },
  }
}
