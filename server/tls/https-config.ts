// The HTTPS settings (HTTPS, HTTPS_PORT, TLS_CERT / TLS_KEY, HTTPS_NAMES, MDNS, MDNS_NAME), read with the rest
// of the configuration (server/process/config.ts): every problem is collected, in Portuguese for the operator.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

export interface HttpsConfig {
  /** 'auto': certificates from a local authority kept in DATA_DIR/tls; 'files': TLS_CERT and TLS_KEY. */
  mode: 'auto' | 'files'
  /** TCP port of the HTTPS server (HTTPS_PORT, default 3443; 0 picks a free one). */
  port: number
  /** TLS_CERT / TLS_KEY, absolute (mode 'files' only). */
  certFile: string | undefined
  keyFile: string | undefined
  /** More DNS names for the local certificate (HTTPS_NAMES), e.g. the name the router's DNS gives this computer. */
  extraNames: string[]
  /** The name announced over mDNS and put in the certificate (MDNS_NAME, default clinica.local). */
  mdnsName: string
  /** Announce mdnsName on the local network (MDNS, default on). */
  mdns: boolean
}

/** A start-up problem with HTTPS, said in Portuguese for the operator (printed without a stack trace). */
export class TlsSetupError extends Error {
  override name = 'TlsSetupError'
}

export const DEFAULT_HTTPS_PORT = 3443
export const DEFAULT_MDNS_NAME = 'clinica.local'

type Env = Record<string, string | undefined>

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const DNS_NAME_RE = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`)

/** A host name a certificate may carry: lowercase letters, digits and hyphens, dot-separated; no wildcard. */
export function isValidDnsName(name: string): boolean {
  return DNS_NAME_RE.test(name) && !/^\d+(\.\d+){3}$/.test(name)
}

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function parseSwitch(env: Env, name: string, problems: string[], fallback: boolean): boolean {
  const raw = read(env, name)
  if (raw === undefined) return fallback
  const v = raw.toLowerCase()
  if (['1', 'true', 'yes', 'sim', 'on'].includes(v)) return true
  if (['0', 'false', 'no', 'nao', 'não', 'off'].includes(v)) return false
  problems.push(`${name}="${raw}" deve ser on ou off.`)
  return fallback
}

/** Reads the HTTPS settings; undefined when HTTPS is off (the default). Problems are appended to `problems`. */
export function parseHttpsConfig(env: Env, cwd: string, problems: string[]): HttpsConfig | undefined {
  const rawMode = read(env, 'HTTPS')?.toLowerCase()
  let wanted: 'auto' | 'off' | undefined
  if (rawMode === undefined) wanted = undefined
  else if (rawMode === 'auto') wanted = 'auto'
  else if (['off', '0', 'false', 'no', 'nao', 'não'].includes(rawMode)) wanted = 'off'
  else problems.push(`HTTPS="${read(env, 'HTTPS')}" deve ser auto (certificado criado por este servidor) ou off.`)

  const certRaw = read(env, 'TLS_CERT')
  const keyRaw = read(env, 'TLS_KEY')
  if ((certRaw === undefined) !== (keyRaw === undefined)) {
    problems.push('TLS_CERT e TLS_KEY vão juntos: defina os dois (certificado e chave privada, em PEM) ou nenhum.')
  }
  const certFile = certRaw === undefined ? undefined : resolve(cwd, certRaw)
  const keyFile = keyRaw === undefined ? undefined : resolve(cwd, keyRaw)
  for (const [name, file] of [
    ['TLS_CERT', certFile],
    ['TLS_KEY', keyFile],
  ] as const) {
    if (file !== undefined && !existsSync(file)) problems.push(`${name}: o arquivo ${file} não existe.`)
  }
  const files = certFile !== undefined && keyFile !== undefined
  if (files && wanted === 'off') problems.push('TLS_CERT e TLS_KEY estão definidos, mas HTTPS=off: retire um ou outro.')

  let port = DEFAULT_HTTPS_PORT
  const portRaw = read(env, 'HTTPS_PORT')
  if (portRaw !== undefined) {
    const n = /^\d+$/.test(portRaw) ? Number(portRaw) : Number.NaN
    if (!Number.isInteger(n) || n > 65_535)
      problems.push(`HTTPS_PORT="${portRaw}" não é uma porta válida (um número de 0 a 65535).`)
    else port = n
  }
  const httpPort = read(env, 'PORT') ?? '3000'
  if (port !== 0 && String(port) === httpPort) problems.push(`HTTPS_PORT e PORT não podem ser a mesma porta (${port}).`)

  const extraNames: string[] = []
  for (const raw of (read(env, 'HTTPS_NAMES') ?? '').split(/[\s,]+/)) {
    if (raw === '') continue
    const name = raw.toLowerCase().replace(/\.$/, '')
    if (isValidDnsName(name)) extraNames.push(name)
    else
      problems.push(
        `HTTPS_NAMES: "${raw}" não é um nome de computador válido (ex.: recepcao.lan; sem * nem endereços IP).`,
      )
  }

  const mdnsRaw = read(env, 'MDNS_NAME')?.toLowerCase()
  let mdnsName = DEFAULT_MDNS_NAME
  if (mdnsRaw !== undefined) {
    const candidate = mdnsRaw.endsWith('.local') ? mdnsRaw : `${mdnsRaw}.local`
    if (new RegExp(`^${LABEL}\\.local$`).test(candidate)) mdnsName = candidate
    else
      problems.push(
        `MDNS_NAME="${read(env, 'MDNS_NAME')}" deve ser um nome simples, com ou sem .local (ex.: clinica ou clinica.local).`,
      )
  }
  const mdns = parseSwitch(env, 'MDNS', problems, true)

  if (!files && wanted !== 'auto') return undefined
  return { mode: files ? 'files' : 'auto', port, certFile, keyFile, extraNames, mdnsName, mdns }
}
