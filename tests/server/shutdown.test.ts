import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OpenDatabase } from '../../server/db/database'
import { gracefulShutdown, type ShutdownSteps } from '../../server/process/shutdown'

// The stop sequence of the single server and the cluster primary (docs/deploying.md, "graceful stop"): what
// the operator reads, the order, and the exit code.
function run(steps: Partial<ShutdownSteps>) {
  const lines: string[] = []
  const order: string[] = []
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never)
  const shutdown = gracefulShutdown({
    say: (m) => lines.push(m),
    complain: (m) => lines.push(`! ${m}`),
    forceAfterMs: 10_000,
    onBegin: () => order.push('begin'),
    stopServing: async () => {
      order.push('serving')
      return false
    },
    database: () => ({ close: async () => void order.push('database') }) as unknown as OpenDatabase,
    ...steps,
  })
  return { shutdown, lines, order, exit }
}

// the forced exit's timer is fake: with process.exit mocked, a real one would end the test run 10 s later
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('gracefulShutdown', () => {
  it('stops once: what the process started, then the database, and exits with the code asked', async () => {
    const { shutdown, lines, order, exit } = run({})
    expect(shutdown.begun()).toBe(false)
    const first = shutdown('sinal SIGTERM')
    expect(shutdown('sinal SIGINT')).toBe(first)
    await first
    expect(shutdown.begun()).toBe(true)
    expect(order).toEqual(['begin', 'serving', 'database'])
    expect(lines).toEqual(['Encerrando (sinal SIGTERM)…', 'Servidor encerrado.'])
    expect(exit).toHaveBeenCalledOnce()
    expect(exit).toHaveBeenCalledWith(0)
  })

  it('exits 1 when a step failed, and says why the database did not close', async () => {
    const failedStep = run({ stopServing: async () => true })
    await failedStep.shutdown('sinal SIGTERM')
    expect(failedStep.exit).toHaveBeenCalledWith(1)
    vi.restoreAllMocks()

    const failedClose = run({
      database: () => ({ close: () => Promise.reject(new Error('conexão perdida')) }) as unknown as OpenDatabase,
    })
    await failedClose.shutdown('falha na inicialização')
    expect(failedClose.lines).toContain('! Erro ao fechar o banco de dados: conexão perdida')
    expect(failedClose.exit).toHaveBeenCalledWith(1)
  })
})
