#!/usr/bin/env bash
# `npm run test:stress`: the README's test command RUNS times in a row (default 3) while stress-ng keeps
# every core busy — a test that passes only on a quiet machine fails here (docs/decisions.md, "Tests").
# Installs Debian's stress-ng when it is missing and this user can (root or sudo without a password).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}

if ! command -v stress-ng >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then as_root=(); elif sudo -n true 2>/dev/null; then as_root=(sudo); else
    echo "stress-ng não encontrado. Instale-o com: sudo apt-get install -y stress-ng" >&2; exit 1
  fi
  echo "== instalando stress-ng (Debian)"
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends stress-ng >/dev/null || exit 1
fi

cores=$(nproc)
stress-ng --cpu "$cores" --timeout 4h --quiet &
stress_pid=$!
trap 'kill "$stress_pid" 2>/dev/null; wait "$stress_pid" 2>/dev/null' EXIT
echo "== stress-ng --cpu $cores (pid $stress_pid) keeps every core busy"

failed=0
summary=()
for i in $(seq 1 "$runs"); do
  echo "== run $i of $runs: npm test"
  start=$(date +%s)
  if npm test; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  summary+=("run $i: $result in $(( $(date +%s) - start )) s")
done

echo "== npm test under stress-ng --cpu $cores"
printf '%s\n' "${summary[@]}"
echo "$((runs - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
