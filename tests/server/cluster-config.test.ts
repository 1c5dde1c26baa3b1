// API_PROCESSES and DB_POOL_SIZE (server/process/config.ts): one process and a pool of 10 unless asked, every mistake
// said in Portuguese, and no cluster with the server's own HTTPS (docs/deploying.md).
import { describe, expect, it } from 'vitest'
import { loadConfig, MAX_API_PROCESSES } from '../../server/process/config'
import { configProblems } from '../support/config-problems'

describe('API_PROCESSES and DB_POOL_SIZE', () => {
  it('one API process with a pool of 10 by default; the numbers given otherwise', () => {
    expect(loadConfig({}, '/tmp')).toMatchObject({ apiProcesses: 1, dbPoolSize: 10 })
    expect(loadConfig({ API_PROCESSES: ' 2 ', DB_POOL_SIZE: '5' }, '/tmp')).toMatchObject({
      apiProcesses: 2,
      dbPoolSize: 5,
    })
  })

  it('refuses what is not a whole number in range, in Portuguese', () => {
    for (const value of ['0', '-1', 'dois', '1.5', String(MAX_API_PROCESSES + 1)])
      expect(configProblems({ API_PROCESSES: value })).toEqual([
        `API_PROCESSES="${value}" deve ser um número inteiro de 1 a ${MAX_API_PROCESSES}.`,
      ])
    expect(configProblems({ DB_POOL_SIZE: '0' })).toEqual(['DB_POOL_SIZE="0" deve ser um número inteiro de 1 a 100.'])
  })

  it("refuses several processes with the server's own HTTPS (a reverse proxy does TLS instead)", () => {
    expect(configProblems({ API_PROCESSES: '2', HTTPS: 'auto' })).toEqual([
      'API_PROCESSES acima de 1 não funciona com HTTPS=auto, TLS_CERT ou TLS_KEY: use um proxy reverso com HTTPS (veja docs/deploying.md).',
    ])
    expect(loadConfig({ API_PROCESSES: '1', HTTPS: 'auto' }, '/tmp').apiProcesses).toBe(1)
  })
})
