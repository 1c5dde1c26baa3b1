// What the server copies of PostgreSQL's log, and what it leaves of a log written before the private
// settings: no ERROR line and none of its DETAIL, STATEMENT, QUERY, CONTEXT or HINT lines.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { privateLogArgs, redactPostgresLog, scrubPostgresLogFile } from '../../server/db/private-log'

const LOG = [
  '2026-11-24 10:00:00.000 UTC [100] LOG:  starting PostgreSQL 15.18',
  '2026-11-24 10:00:01.000 UTC [101] ERROR:  duplicate key value violates unique constraint "pacientes_cpf_unique"',
  '2026-11-24 10:00:01.000 UTC [101] DETAIL:  Key (cpf)=(52998224725) already exists.',
  '2026-11-24 10:00:01.000 UTC [101] STATEMENT:  insert into "pacientes" ("nome", "cpf")',
  '\t values ($1, $2)',
  '2026-11-24 10:00:02.000 UTC [102] ERROR:  new row for relation "users" violates check constraint "users_role_check"',
  '2026-11-24 10:00:02.000 UTC [102] DETAIL:  Failing row contains (x, Zuleica, zuleica@segredo.test, hash, GERENTE).',
  '2026-11-24 10:00:03.000 UTC [100] LOG:  server process (PID 101) was terminated by signal 9: Killed',
  '2026-11-24 10:00:03.000 UTC [100] LOG:  database system is ready to accept connections',
].join('\n')

describe('PostgreSQL log privacy', () => {
  it('keeps the server’s own events, drops failed statements with their details and continuation lines', () => {
    const clean = redactPostgresLog(LOG)
    for (const secret of ['52998224725', 'zuleica', 'Zuleica', 'values ($1', 'insert into'])
      expect(clean).not.toContain(secret)
    expect(clean.split('\n')).toEqual([
      '2026-11-24 10:00:00.000 UTC [100] LOG:  starting PostgreSQL 15.18',
      '2026-11-24 10:00:03.000 UTC [100] LOG:  server process (PID 101) was terminated by signal 9: Killed',
      '2026-11-24 10:00:03.000 UTC [100] LOG:  database system is ready to accept connections',
    ])
  })

  it('rewrites a log written before, only when it has something to remove', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinica-pglog-'))
    try {
      const file = join(dir, 'postgresql.log')
      writeFileSync(file, LOG)
      scrubPostgresLogFile(file)
      expect(readFileSync(file, 'utf8')).not.toContain('52998224725')
      scrubPostgresLogFile(join(dir, 'nao-existe.log'))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('starts PostgreSQL with no statement, parameter or detail logging', () => {
    const args = privateLogArgs().join(' ')
    for (const setting of [
      'log_min_messages=log',
      'log_error_verbosity=terse',
      'log_min_error_statement=panic',
      'log_parameter_max_length_on_error=0',
      'log_statement=none',
    ]) {
      expect(args).toContain(setting)
    }
  })
})
