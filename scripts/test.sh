#!/usr/bin/env bash
# `npm test`, in three stages whose jobs run side by side (docs/decisions.md, "Tests": CI's time):
#   1. lint, types and the production build (three independent jobs);
#   2. the api project (its files mostly wait on servers and PostgreSQL) beside the web and tools projects
#      (they compute: jsdom, ESLint, tsc) — two vitest processes, so neither waits for the other;
#   3. Playwright on that build beside the suites that read the clock again at chosen instants (test:dates).
# The build is made once: the end-to-end suites serve it and tests/server/precompress-build.test.ts reads it
# (CLINICA_BUILD_DIR). Each job's output is printed whole when its stage ends, one job after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

node --import tsx scripts/ensure-test-tools.ts

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
names=()
pids=()
# Runs a job in the background, its output and its seconds kept for when its stage ends.
beside() {
  local name=$1
  shift
  (
    start=$SECONDS
    if "$@"; then rc=0; else rc=$?; fi
    echo $((SECONDS - start)) >"$logs/$name.seconds"
    exit $rc
  ) >"$logs/$name" 2>&1 &
  names+=("$name")
  pids+=("$!")
}
# Waits for the stage's jobs, prints each one's output and stops at the first stage that failed. A failed
# job's output comes after the others', so the end of a long log names what failed.
stage() {
  local label=$1 failed=()
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      echo "== ${names[$i]}: ok ($(cat "$logs/${names[$i]}.seconds")s)"
      cat "$logs/${names[$i]}"
    else
      failed+=("${names[$i]}")
    fi
  done
  for name in "${failed[@]}"; do
    echo "== $name: FAILED ($(cat "$logs/$name.seconds")s)"
    cat "$logs/$name"
  done
  names=()
  pids=()
  if [ ${#failed[@]} -gt 0 ]; then
    echo "npm test: falhou ($label): ${failed[*]}" >&2
    exit 1
  fi
}

t0=$SECONDS
beside lint npm run lint
beside typecheck npm run typecheck
beside build npm run build
stage "lint, types, build"
t1=$SECONDS

export CLINICA_BUILD_DIR="$PWD/dist"
# The PWA's suites run once at each chosen instant: all of them at the first (their clock pinned there,
# tests/support/test-clock.ts), the ones that read the clock again at the others (test:dates).
pwa_now=$(node --import tsx scripts/test-dates.ts --first-pwa-instant)
beside vitest-api npx vitest run --project 'api*'
beside vitest-web-tools env CLINICA_TEST_NOW="$pwa_now" npx vitest run --project 'web*' --project tools
stage "vitest"
t2=$SECONDS

beside playwright npx playwright test
beside test-dates npm run test:dates -- --skip-first-pwa-instant
stage "Playwright and test:dates"

echo "== npm test: lint/types/build $((t1 - t0))s, vitest $((t2 - t1))s, Playwright and test:dates $((SECONDS - t2))s"
