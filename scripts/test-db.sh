#!/usr/bin/env bash
# `npm run test:db`: the API suites whose outcome can depend on which PostgreSQL server answers, run on the
# server `DATABASE_URL` names (CI: Debian's PostgreSQL 15, after `npm test` ran every suite on the embedded
# one). What can differ between the two servers is how the API reaches and supervises them (start, stop,
# faults, several processes), what their own tools do (pg_dump, pg_restore), the extensions and collations
# the migrations use, and the planner's choices — not the SQL of each call, which is the same statements on
# the same major version. Each file below runs the migrations on its own database, so every migration and
# extension is proven on both; the contract suite's server side runs every call once more on this server.
# The unique names (unaccent, normalize and the indexes built on them, migration 0016) and the rules backed
# by triggers (money) are run on both too, with the other cases of issue 35 (a doctor's user, the logo).
# ALL=1 runs the whole api project instead (docs/decisions.md, "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DATABASE_URL:-}" ]; then
  echo "test:db: DATABASE_URL não definido (ex.: postgres://postgres:senha@127.0.0.1:5432/postgres)" >&2
  exit 1
fi
if [ "${ALL:-}" = 1 ]; then exec npx vitest run --project api; fi
exec npx vitest run --project api \
  tests/runtime/ \
  tests/reliability/ \
  tests/hardening/backup.test.ts \
  tests/hardening/durability.test.ts \
  tests/server/two-processes.test.ts \
  tests/server/agenda-constraints.test.ts \
  tests/server/health.test.ts \
  tests/server/closed-doors.test.ts \
  tests/server/clinic-logo.test.ts \
  tests/perf/ \
  tests/contract/server.contract.test.ts
