#!/usr/bin/env bash
# `npm test`: the Debian tools the suites need, then lint, types and the production build side by side
# (three independent jobs, each on one core), then the three vitest projects, then Playwright on that
# build. The build is made once: the end-to-end suites serve it and tests/server/precompress-build.test.ts
# reads it (CLINICA_BUILD_DIR) instead of building again (docs/decisions.md, "Tests": CI's time).
set -euo pipefail
cd "$(dirname "$0")/.."

node --import tsx scripts/ensure-test-tools.ts

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
names=()
pids=()
beside() {
  local name=$1
  shift
  "$@" >"$logs/$name" 2>&1 &
  names+=("$name")
  pids+=("$!")
}
beside lint npm run lint
beside typecheck npm run typecheck
beside build npm run build
failed=()
for i in "${!pids[@]}"; do
  # each job's output whole, one after the other
  if wait "${pids[$i]}"; then status=ok; else status=FAILED; failed+=("${names[$i]}"); fi
  echo "== ${names[$i]}: $status"
  cat "$logs/${names[$i]}"
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: falhou: ${failed[*]}" >&2
  exit 1
fi

CLINICA_BUILD_DIR="$PWD/dist" npx vitest run
npx playwright test
