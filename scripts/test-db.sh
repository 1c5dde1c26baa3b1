#!/usr/bin/env bash
# `npm run test:db`: the API suites whose outcome can depend on which PostgreSQL server answers, run on the
# server `DATABASE_URL` names (CI: Debian's PostgreSQL 15, after `npm test` ran every suite on the embedded
# one). Both servers run the same major version, so the SQL of each call behaves the same; what can differ
# is how the API reaches an external server (start with DATABASE_URL, a lost connection retried), the
# server's own tools (pg_dump, pg_restore), the extensions, collations and functions the migrations use
# (unaccent and normalize behind the unique names, the money triggers, the written answers' SQL), the
# exclusion constraints, LISTEN and advisory locks across processes, and the planner's choices. The run
# migrates a template database on that server first (tests/support/global-postgres.ts), so the migrations
# are proven on both servers.
# Suites that start their own embedded PostgreSQL (the supervisor, crashes, the disk, HTTPS) or use the
# database only as storage are not repeated: they would prove the embedded server a second time. So are the
# describes of the files below that do (runtime-faults' 'the embedded PostgreSQL', backup's 'embedded server
# (DATA_DIR)'), left out by name: they ran in `npm test` and never read DATABASE_URL's server.
# ALL=1 runs the whole api project instead (docs/decisions.md, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DATABASE_URL:-}" ]; then
  echo "test:db: DATABASE_URL não definido (ex.: postgres://postgres:senha@127.0.0.1:5432/postgres)" >&2
  exit 1
fi
if [ "${ALL:-}" = 1 ]; then exec npx vitest run --project 'api*'; fi
exec npx vitest run --project api \
  --testNamePattern '^(?!the embedded PostgreSQL |embedded server \(DATA_DIR\) )' \
  tests/runtime/external-database.test.ts \
  tests/reliability/runtime-faults.test.ts \
  tests/reliability/restore-sessions.test.ts \
  tests/hardening/backup.test.ts \
  tests/server/two-processes.test.ts \
  tests/server/agenda-constraints.test.ts \
  tests/server/closed-doors.test.ts \
  tests/server/written-answers-schema.test.ts \
  tests/perf/query-plans.test.ts
