// What the operator reads when the server fails to start (server/process/start-report.ts).
import { expect, it } from 'vitest'
import { describeStartError } from '../../server/process/start-report'

it("a query refused at start says PostgreSQL's reason, never the query's parameters", () => {
  const cause = Object.assign(new Error('the database system is shutting down'), { code: '57P03' })
  const error = new Error(
    'Failed query: insert into "app_settings" ("key", "value") values ($1, $2)\nparams: jwt_secret,SEGREDO-DO-JWT',
    { cause },
  )
  const said = describeStartError(error, undefined)
  expect(said).toBe(
    'Falha ao iniciar o servidor: o PostgreSQL recusou uma consulta: the database system is shutting down (57P03)',
  )
  expect(said).not.toContain('SEGREDO-DO-JWT')
})

it("a connection PostgreSQL did not accept in time says so, with the wait, not pg's bare words", () => {
  const expected =
    'Falha ao iniciar o servidor: o PostgreSQL não aceitou uma conexão em 30 s (máquina sobrecarregada, ou o servidor parado ou inacessível).'
  expect(describeStartError(new Error('timeout expired'), undefined)).toBe(expected)
  const cause = new Error('Connection terminated due to connection timeout')
  expect(describeStartError(new Error('Failed query: select 1\nparams: ', { cause }), undefined)).toBe(expected)
})
