#!/usr/bin/env bash
# `npm test`: its jobs side by side, each started as soon as what it needs is done (docs/decisions.md,
# "Tests": CI's time), so that neither core waits for the slowest job of a stage:
#   - lint, types and the production build start at once;
#   - the api project (its files mostly wait on servers and PostgreSQL) starts when the build is made
#     (tests/server/precompress-build.test.ts reads it: CLINICA_BUILD_DIR), then Playwright on that build;
#   - the web and tools projects (they compute: jsdom, ESLint, tsc) start when lint and types are done, then
#     the suites that read the clock again at chosen instants (test:dates).
# Each job's output is printed whole when it ends. After a failure nothing new starts; the jobs under way
# finish, and the failed jobs' outputs come last, so the end of a long log names what failed.
set -euo pipefail
cd "$(dirname "$0")/.."

node --import tsx scripts/ensure-test-tools.ts

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
t0=$SECONDS
declare -A pid_of=()
failed=()
spans=()

# Runs a job in the background, its output and its start and end (seconds since npm test began) kept.
beside() {
  local name=$1
  shift
  if [ ${#failed[@]} -gt 0 ]; then return; fi
  (
    start=$((SECONDS - t0))
    if "$@"; then rc=0; else rc=$?; fi
    echo "$start–$((SECONDS - t0))" >"$logs/$name.span"
    exit $rc
  ) >"$logs/$name" 2>&1 &
  pid_of[$name]=$!
}

# Waits for a job (if it was started) and prints its output; a failed job's is kept for the end.
finish() {
  local name=$1
  [ -n "${pid_of[$name]:-}" ] || return 0
  if wait "${pid_of[$name]}"; then
    echo "== $name: ok ($(cat "$logs/$name.span") s)"
    cat "$logs/$name"
  else
    failed+=("$name")
  fi
  spans+=("$name $(cat "$logs/$name.span") s")
}

beside lint npm run lint
beside typecheck npm run typecheck
beside build npm run build
finish build

export CLINICA_BUILD_DIR="$PWD/dist"
# The API's files that depend on the day run once, at test:dates' chosen instant (scripts/test-dates.ts).
day_files=$(node --import tsx scripts/test-dates.ts --api-files)
beside vitest-api env CLINICA_LEAVE_OUT="$day_files" npx vitest run --project 'api*'
finish lint
finish typecheck

# The PWA's suites run once at each chosen instant: all of them at the first (their clock pinned there,
# tests/support/test-clock.ts), the ones that read the clock again at the others (test:dates).
pwa_now=$(node --import tsx scripts/test-dates.ts --first-pwa-instant)
beside vitest-web-tools env CLINICA_TEST_NOW="$pwa_now" npx vitest run --project 'web*' --project tools
finish vitest-api
beside playwright npx playwright test
finish vitest-web-tools
beside test-dates npm run test:dates -- --skip-first-pwa-instant
finish playwright
finish test-dates

for name in "${failed[@]}"; do
  echo "== $name: FAILED ($(cat "$logs/$name.span") s)"
  cat "$logs/$name"
done
echo "== npm test: ${spans[*]/%/;} $((SECONDS - t0)) s in all"
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: falhou: ${failed[*]}" >&2
  exit 1
fi
