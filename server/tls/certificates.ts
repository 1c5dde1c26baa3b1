// The certificate the HTTPS server presents, kept current. HTTPS=auto: issued by the local authority
// (authority.ts) for this computer's names and addresses, kept in DATA_DIR/tls (servidor.key 0600) and
// re-issued before it ends or when the addresses change (checked every minute). TLS_CERT / TLS_KEY: the
// operator's files, read again when they change (e.g. after a renewal by certbot).
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs'
import { hostname as osHostname, networkInterfaces as osNetworkInterfaces } from 'node:os'
import { join } from 'node:path'
import { createSecureContext } from 'node:tls'
import type { z } from 'zod'
import type { CertificadoServidor } from '@contract'
import { currentSubjects, type Subjects } from './addresses'
import { isNamePermitted, loadOrCreateAuthority, type Authority } from './authority'
import { TlsSetupError, type HttpsConfig } from './https-config'
import {
  issueServerCertificate,
  parseServerCertificate,
  renewalReason,
  RENEW_BEFORE_DAYS,
  type ServerCertificate,
} from './server-certificate'
import { DAY_MS } from './x509'

export const TLS_DIR = 'tls'
const SERVER_CERT_FILE = 'servidor.crt'
const SERVER_KEY_FILE = 'servidor.key'
export const CHECK_INTERVAL_MS = 60_000

/** What the health call and the logs say about the certificate being served (the contract's shape). */
export type CertificateInfo = z.output<typeof CertificadoServidor>

export interface TlsCertificates {
  mode: HttpsConfig['mode']
  /** PEM certificate (chain) and key for the HTTPS server. */
  current(): { cert: string; key: string }
  info(): CertificateInfo
  /** The local authority (HTTPS=auto only): what a device downloads and trusts. */
  authority(): Pick<Authority, 'certPem' | 'sha256' | 'commonName'> | undefined
  /** Names and addresses in the certificate now. */
  subjects(): Subjects
  /** Renews or reloads when needed; true when the certificate changed (listeners were told). */
  check(now?: Date): Promise<boolean>
  onChange(listener: () => void): void
  /** Checks every CHECK_INTERVAL_MS until stop(). */
  watch(): void
  stop(): void
}

export interface CertificateSources {
  log: (message: string) => void
  warn: (message: string) => void
  now?: () => Date
  hostname?: () => string
  networkInterfaces?: typeof osNetworkInterfaces
}

/** One line for the log: which certificate, for which names, until when. */
export function describeForLog(info: CertificateInfo): string {
  const source =
    info.origem === 'autoridade-local' ? 'emitido pela autoridade local da Clínica' : 'dos arquivos TLS_CERT / TLS_KEY'
  const until = new Date(info.validoAte).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  return `Certificado HTTPS ${source}, para ${info.nomes.join(', ')}; válido até ${until} (SHA-256 ${info.sha256}).`
}

function toInfo(cert: ServerCertificate, origem: CertificateInfo['origem']): CertificateInfo {
  return { origem, nomes: [...cert.dnsNames, ...cert.ips], validoAte: cert.notAfter.toISOString(), sha256: cert.sha256 }
}

function writeKeyPair(dir: string, cert: ServerCertificate): void {
  const keyPath = join(dir, SERVER_KEY_FILE)
  writeFileSync(`${keyPath}.tmp`, cert.keyPem, { mode: 0o600 })
  chmodSync(`${keyPath}.tmp`, 0o600)
  writeFileSync(join(dir, `${SERVER_CERT_FILE}.tmp`), cert.certPem, { mode: 0o644 })
  renameSync(`${keyPath}.tmp`, keyPath)
  renameSync(join(dir, `${SERVER_CERT_FILE}.tmp`), join(dir, SERVER_CERT_FILE))
}

function readKeyPair(dir: string): ServerCertificate | undefined {
  try {
    return parseServerCertificate(
      readFileSync(join(dir, SERVER_CERT_FILE), 'utf8'),
      readFileSync(join(dir, SERVER_KEY_FILE), 'utf8'),
    )
  } catch {
    return undefined // missing or damaged: a new one is issued
  }
}

export async function openCertificates(
  config: HttpsConfig,
  dataDir: string,
  sources: CertificateSources,
): Promise<TlsCertificates> {
  const now = sources.now ?? (() => new Date())
  const listeners: (() => void)[] = []
  let timer: NodeJS.Timeout | undefined
  let checking: Promise<boolean> | undefined
  let authority: Authority | undefined
  let cert: ServerCertificate
  let refresh: (at: Date) => Promise<boolean>

  if (config.mode === 'auto') {
    const dir = join(dataDir, TLS_DIR)
    const wanted = (): Subjects => {
      const subjects = currentSubjects({
        mdnsName: config.mdnsName,
        extraNames: config.extraNames,
        hostname: (sources.hostname ?? osHostname)(),
        interfaces: (sources.networkInterfaces ?? osNetworkInterfaces)(),
      })
      return {
        ...subjects,
        dnsNames: subjects.dnsNames.filter((name) => isNamePermitted(name, authority!.permittedNames)),
      }
    }
    const first = currentSubjects({
      mdnsName: config.mdnsName,
      extraNames: config.extraNames,
      hostname: (sources.hostname ?? osHostname)(),
      interfaces: {},
    })
    authority = await loadOrCreateAuthority(dir, first.dnsNames, {
      now: now(),
      hostLabel: first.dnsNames.find((n) => n !== config.mdnsName && n !== 'localhost') ?? config.mdnsName,
      log: sources.log,
      warn: sources.warn,
    })
    const left = first.dnsNames.filter((name) => !isNamePermitted(name, authority!.permittedNames))
    if (left.length > 0) {
      // The authority's name constraints were fixed when it was created; widening them means a new
      // authority, which every device must install again: the operator decides.
      sources.warn(
        `Os nomes ${left.join(', ')} ficam fora do certificado: a autoridade local (criada antes) não os permite. ` +
          `Para incluí-los, apague a pasta ${dir} e reinicie; depois instale o novo certificado em cada tablet e celular.`,
      )
    }
    const stored = readKeyPair(dir)
    cert = stored ?? (await issueServerCertificate(authority, wanted(), now()))
    refresh = async (at) => {
      const reason = renewalReason(cert, wanted(), authority, at)
      if (reason === undefined) return false
      cert = await issueServerCertificate(authority!, wanted(), at)
      writeKeyPair(dir, cert)
      sources.log(`Certificado HTTPS renovado (${reason}).`)
      return true
    }
    if (!stored) writeKeyPair(dir, cert)
    await refresh(now())
  } else {
    const certFile = config.certFile!
    const keyFile = config.keyFile!
    const stamp = () => `${statSync(certFile).mtimeMs}:${statSync(keyFile).mtimeMs}`
    const load = (): ServerCertificate => {
      const pair = parseServerCertificate(readFileSync(certFile, 'utf8'), readFileSync(keyFile, 'utf8'))
      // a chain Node's TLS cannot use fails here, at start, rather than at a tablet's first visit
      createSecureContext({ cert: pair.certPem, key: pair.keyPem })
      return pair
    }
    try {
      cert = load()
    } catch (error) {
      throw new TlsSetupError(
        `TLS_CERT / TLS_KEY não puderam ser usados (${certFile}, ${keyFile}): ${(error as Error).message}`,
        { cause: error },
      )
    }
    let loaded = stamp()
    const warnIfEnding = (at: Date) => {
      const days = (cert.notAfter.getTime() - at.getTime()) / DAY_MS
      if (days < RENEW_BEFORE_DAYS)
        sources.warn(
          `O certificado de TLS_CERT ${days <= 0 ? 'venceu' : `vence em ${Math.ceil(days)} dia(s)`}: renove-o (ele é relido sozinho quando o arquivo muda).`,
        )
    }
    warnIfEnding(now())
    refresh = async (at) => {
      if (!existsSync(certFile) || !existsSync(keyFile) || stamp() === loaded) return false
      try {
        cert = load()
        loaded = stamp()
      } catch (error) {
        // mid-way through a renewal the two files may not match yet: keep serving the previous pair
        sources.warn(
          `TLS_CERT / TLS_KEY mudaram mas não puderam ser lidos (${(error as Error).message}); o certificado anterior continua em uso.`,
        )
        return false
      }
      sources.log('Certificado HTTPS relido de TLS_CERT / TLS_KEY.')
      warnIfEnding(at)
      return true
    }
  }

  const origem = config.mode === 'auto' ? 'autoridade-local' : 'arquivo'
  const certificates: TlsCertificates = {
    mode: config.mode,
    current: () => ({ cert: cert.certPem, key: cert.keyPem }),
    info: () => toInfo(cert, origem),
    authority: () =>
      authority
        ? { certPem: authority.certPem, sha256: authority.sha256, commonName: authority.commonName }
        : undefined,
    subjects: () => ({ dnsNames: cert.dnsNames, ips: cert.ips }),
    check(at = now()) {
      // one check at a time: the timer and a caller never issue two certificates at once
      checking ??= refresh(at)
        .then((changed) => {
          if (changed) {
            sources.log(describeForLog(certificates.info()))
            for (const listener of listeners) listener()
          }
          return changed
        })
        .finally(() => {
          checking = undefined
        })
      return checking
    },
    onChange: (listener) => void listeners.push(listener),
    watch() {
      timer ??= setInterval(() => {
        certificates
          .check()
          .catch((error: unknown) => sources.warn(`Falha ao renovar o certificado HTTPS: ${(error as Error).message}`))
      }, CHECK_INTERVAL_MS)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
  return certificates
}
