// HTTPS settings (server/tls/https-config.ts through loadConfig) and the mDNS announcement (server/process/mdns.ts):
// every problem said in Portuguese; HTTPS off unless asked; an announcement that fails never stops anything.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/process/config'
import { configProblems } from '../support/config-problems'
import { announce, type MdnsResponder } from '../../server/process/mdns'

const dir = mkdtempSync(join(tmpdir(), 'clinica-https-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('HTTPS settings', () => {
  it('off by default: no HTTPS, plain HTTP on 127.0.0.1 as before', () => {
    const config = loadConfig({}, dir)
    expect(config.https).toBeUndefined()
    expect(config.host).toBe('127.0.0.1')
  })

  it('HTTPS=auto: port 3443, clinica.local announced, and the server on the network (HOST 0.0.0.0 unless set)', () => {
    expect(loadConfig({ HTTPS: 'auto' }, dir)).toMatchObject({
      host: '0.0.0.0',
      https: { mode: 'auto', port: 3443, mdnsName: 'clinica.local', mdns: true, extraNames: [] },
    })
    const set = loadConfig(
      {
        HTTPS: 'AUTO',
        HOST: '127.0.0.1',
        HTTPS_PORT: '8443',
        MDNS_NAME: 'Recepcao',
        MDNS: 'off',
        HTTPS_NAMES: 'pc.lan, Clinica.Home.Arpa',
      },
      dir,
    )
    expect(set).toMatchObject({
      host: '127.0.0.1',
      https: { port: 8443, mdnsName: 'recepcao.local', mdns: false, extraNames: ['pc.lan', 'clinica.home.arpa'] },
    })
  })

  it('TLS_CERT and TLS_KEY: a real certificate instead (HTTPS on without HTTPS=auto)', () => {
    writeFileSync(join(dir, 'cert.pem'), '')
    writeFileSync(join(dir, 'key.pem'), '')
    expect(loadConfig({ TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem' }, dir).https).toMatchObject({
      mode: 'files',
      certFile: join(dir, 'cert.pem'),
      keyFile: join(dir, 'key.pem'),
    })
  })

  it('every mistake is listed in Portuguese', () => {
    expect(configProblems({ HTTPS: 'talvez' }, dir)).toEqual([
      'HTTPS="talvez" deve ser auto (certificado criado por este servidor) ou off.',
    ])
    expect(configProblems({ TLS_CERT: 'cert.pem' }, dir)).toEqual([
      'TLS_CERT e TLS_KEY vão juntos: defina os dois (certificado e chave privada, em PEM) ou nenhum.',
    ])
    expect(configProblems({ TLS_CERT: 'nao-existe.pem', TLS_KEY: 'key.pem' }, dir)).toEqual([
      `TLS_CERT: o arquivo ${join(dir, 'nao-existe.pem')} não existe.`,
    ])
    expect(configProblems({ HTTPS: 'off', TLS_CERT: 'cert.pem', TLS_KEY: 'key.pem' }, dir)).toEqual([
      'TLS_CERT e TLS_KEY estão definidos, mas HTTPS=off: retire um ou outro.',
    ])
    expect(configProblems({ HTTPS: 'auto', HTTPS_PORT: '70000' }, dir)).toEqual([
      'HTTPS_PORT="70000" não é uma porta válida (um número de 0 a 65535).',
    ])
    expect(configProblems({ HTTPS: 'auto', PORT: '4000', HTTPS_PORT: '4000' }, dir)).toEqual([
      'HTTPS_PORT e PORT não podem ser a mesma porta (4000).',
    ])
    expect(configProblems({ HTTPS: 'auto', HTTPS_NAMES: '*.exemplo.com 10.0.0.1' }, dir)).toEqual([
      'HTTPS_NAMES: "*.exemplo.com" não é um nome de computador válido (ex.: recepcao.lan; sem * nem endereços IP).',
      'HTTPS_NAMES: "10.0.0.1" não é um nome de computador válido (ex.: recepcao.lan; sem * nem endereços IP).',
    ])
    expect(configProblems({ HTTPS: 'auto', MDNS_NAME: 'clinica.exemplo.com', MDNS: 'talvez' }, dir)).toEqual([
      'MDNS_NAME="clinica.exemplo.com" deve ser um nome simples, com ou sem .local (ex.: clinica ou clinica.local).',
      'MDNS="talvez" deve ser on ou off.',
    ])
  })
})

describe('mDNS announcement', () => {
  const published: unknown[] = []
  const working = (): MdnsResponder => ({
    publish: (options) => {
      published.push(options)
      return { on: () => ({}) as never }
    },
    unpublishAll: (callback) => callback?.(),
    destroy: (callback) => callback?.(),
  })

  it('announces the name with the HTTPS port (IPv4 only: the HTTPS server listens there)', async () => {
    const warnings: string[] = []
    const announcement = announce({
      name: 'clinica.local',
      port: 3443,
      warn: (m) => warnings.push(m),
      createResponder: working,
    })
    expect(published).toEqual([
      {
        name: 'Clínica (clinica.local)',
        type: 'https',
        port: 3443,
        host: 'clinica.local',
        probe: false,
        disableIPv6: true,
      },
    ])
    announcement.refresh()
    expect(published).toHaveLength(2)
    await announcement.stop()
    expect(warnings).toEqual([])
  })

  it('a failure to announce (no multicast, port 5353 taken, an error later) is said once and stops nothing', async () => {
    const warnings: string[] = []
    const failing = announce({
      name: 'clinica.local',
      port: 3443,
      warn: (m) => warnings.push(m),
      createResponder: () => {
        throw Object.assign(new Error('bind EADDRINUSE 0.0.0.0:5353'), { code: 'EADDRINUSE' })
      },
    })
    failing.refresh()
    await failing.stop()
    expect(warnings).toEqual([
      'Aviso: não foi possível anunciar clinica.local na rede (mDNS: bind EADDRINUSE 0.0.0.0:5353). Use o endereço numérico nos tablets.',
    ])

    let report: ((error: Error) => void) | undefined
    const later = announce({
      name: 'clinica.local',
      port: 3443,
      warn: (m) => warnings.push(m),
      createResponder: (onError) => {
        report = onError
        return { ...working(), destroy: () => {} } // never calls back: stop() still ends
      },
    })
    report!(new Error('send EHOSTUNREACH'))
    report!(new Error('send EHOSTUNREACH'))
    await later.stop()
    expect(warnings).toHaveLength(2)
  })
})
