#!/usr/bin/env bash
# The fleet example (examples/tune-fleet-dask/tune_fleet.py) on a local Dask cluster started as on
# a real one: a `dask scheduler` process and a `dask worker` process with two worker processes of
# one thread each (each runs its own jsii kernel), over TCP on 127.0.0.1. Run by run.sh with the
# venv it installed the wheel and dask[distributed] into:
#   bash test/bindings/python/tune-fleet.sh VENV SCRATCH
# from the repository root (the command line, cli/bin/cdk8s-hpa, must be compiled).
#
# Checks, one PASS/FAIL line each, then `tune-fleet: N passed, N failed` (also written to
# SCRATCH/count as "N N"):
#   dask      the fleet tuned on the cluster gives the single-process run's files, byte for byte,
#             and both worker processes tuned HPAs
#   resume    a run over a result directory tunes only the HPAs without a result
#   cli       each result is what `cdk8s-hpa tune --format json` prints for the same HPA and
#             settings (as data; the settings digest left out: it hashes the options objects as
#             given, and the command line builds them otherwise)
#   shutdown  the scheduler, the workers and their jsii kernels are gone when it is over
# The scheduler and the workers are stopped on every exit (trap), by their process ids.
set -uo pipefail

VENV="$1"
SCRATCH="$2"
ROOT="$(pwd)"
EXAMPLE="$ROOT/examples/tune-fleet-dask"
PY="$VENV/bin/python"
passed=0
failed=0
PIDS=()      # the scheduler's and the workers' `dask` processes
STOPPED=()   # every process of their trees when they were stopped

check() {
  local name="$1" why="$2"
  if [ -z "$why" ]; then echo "PASS tune-fleet $name"; passed=$((passed + 1))
  else echo "FAIL tune-fleet $name: $why"; failed=$((failed + 1)); fi
}

tree() { local p; echo "$1"; for p in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree "$p"; done; }

# Stops the cluster, the workers first (the scheduler gone first, they wait for it for a while):
# TERM to each `dask` process (the nanny closes its worker processes, whose jsii kernels end with
# them), then TERM to whatever is left of its tree after 30 s.
stop_one() {
  local procs p _
  procs=($(tree "$1"))
  STOPPED+=("${procs[@]}")
  kill "$1" 2>/dev/null || true
  for _ in $(seq 60); do
    alive=0; for p in "${procs[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.5
  done
  for p in "${procs[@]}"; do kill "$p" 2>/dev/null || true; done
  wait "$1" 2>/dev/null
}
stop() {
  local i
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do stop_one "${PIDS[i]}"; done
  PIDS=()
}
trap stop EXIT
trap 'exit 130' INT TERM

rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
cd "$EXAMPLE" || exit 1
t0=$(date +%s)

# ---- the cluster, started while the fleet is tuned in a single process ----------------------
"$VENV/bin/dask" scheduler --host 127.0.0.1 --port 0 --no-dashboard \
  --scheduler-file "$SCRATCH/scheduler.json" > "$SCRATCH/scheduler.log" 2>&1 &
PIDS+=($!)
address=""
for _ in $(seq 120); do
  address="$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["address"])' "$SCRATCH/scheduler.json" 2>/dev/null)" && [ -n "$address" ] && break
  sleep 0.5
done
if [ -n "$address" ]; then
  "$VENV/bin/dask" worker "$address" --nworkers 2 --nthreads 1 --host 127.0.0.1 --no-dashboard \
    --local-directory "$SCRATCH/workers" --death-timeout 60 > "$SCRATCH/workers.log" 2>&1 &
  PIDS+=($!)
fi

t1=$(date +%s)
"$PY" tune_fleet.py fleet.yaml --out "$SCRATCH/single" --single-process > "$SCRATCH/single.log" 2>&1
single_rc=$?
t2=$(date +%s)

if [ -n "$address" ]; then
  "$PY" tune_fleet.py fleet.yaml --out "$SCRATCH/dask" --scheduler "$address" --wait-for-workers 2 > "$SCRATCH/dask.log" 2>&1
  dask_rc=$?
else
  dask_rc=1
  echo "no scheduler address in $SCRATCH/scheduler.json:" > "$SCRATCH/dask.log"
  tail -n 20 "$SCRATCH/scheduler.log" >> "$SCRATCH/dask.log"
fi
t3=$(date +%s)

why=""
expected="$(cd "$SCRATCH/single" 2>/dev/null && find . -name '*.json' | sort)"
if [ $single_rc -ne 0 ]; then why="the single-process run failed (exit $single_rc): $(tail -n 3 "$SCRATCH/single.log" | tr '\n' ' ')"
elif [ $dask_rc -ne 0 ]; then why="the Dask run failed (exit $dask_rc): $(tail -n 3 "$SCRATCH/dask.log" | tr '\n' ' ')"
elif [ "$(echo "$expected" | wc -l)" -ne 3 ]; then why="the single-process run wrote $(echo "$expected" | grep -c .) results, not 3"
elif [ "$(cd "$SCRATCH/dask" && find . -name '*.json' | sort)" != "$expected" ]; then why="the runs wrote different files: $(ls -R "$SCRATCH/dask" | tr '\n' ' ')"
else
  for f in $expected; do cmp -s "$SCRATCH/single/$f" "$SCRATCH/dask/$f" || why="$why${why:+; }$f differs"; done
  workers="$(sed -n 's/^tune-fleet: .* on \(tcp:[^)]*\))$/\1/p' "$SCRATCH/dask.log" | sort -u | wc -l)"
  [ -n "$why" ] || [ "$workers" -ge 2 ] || why="the HPAs were tuned by $workers worker(s), not 2"
fi
check dask "$why"

# ---- resume: one result removed, the others kept ---------------------------------------------
why=""
if [ $dask_rc -eq 0 ]; then
  rm "$SCRATCH/dask/shop/checkout.json"
  touch -d '2000-01-01' "$SCRATCH/dask/shop/web.json"
  if ! "$PY" tune_fleet.py fleet.yaml --out "$SCRATCH/dask" --scheduler "$address" > "$SCRATCH/resume.log" 2>&1; then
    why="the run failed: $(tail -n 3 "$SCRATCH/resume.log" | tr '\n' ' ')"
  elif ! grep -q '^tune-fleet: 1 tuned, 2 skipped, 0 failed' "$SCRATCH/resume.log"; then
    why="not 1 tuned and 2 skipped: $(tail -n 1 "$SCRATCH/resume.log")"
  elif ! cmp -s "$SCRATCH/single/shop/checkout.json" "$SCRATCH/dask/shop/checkout.json"; then
    why="shop/checkout.json tuned again differs"
  elif [ "$(date -r "$SCRATCH/dask/shop/web.json" +%Y)" != 2000 ]; then
    why="shop/web.json was written again"
  fi
else
  why="the Dask run failed"
fi
check resume "$why"
t4=$(date +%s)

stop
t5=$(date +%s)
leftover=""
for p in "${STOPPED[@]}"; do kill -0 "$p" 2>/dev/null && leftover="$leftover $p($(ps -o comm= -p "$p"))"; done
check shutdown "${leftover:+still running:$leftover}"

# ---- the command line's JSON -----------------------------------------------------------------
why=""
if [ $single_rc -eq 0 ]; then
  "$PY" tune_fleet.py fleet.yaml --cli > "$SCRATCH/cli-commands" 2>&1 || why="--cli failed: $(tail -n 1 "$SCRATCH/cli-commands")"
  while [ -z "$why" ] && IFS= read -r line; do
    eval "set -- $line"
    shift   # cdk8s-hpa
    id="$("$PY" -c 'import sys, yaml; m=[d for d in yaml.safe_load_all(open(sys.argv[1])) if d and d.get("kind")=="HorizontalPodAutoscaler"][0]["metadata"]; print(m.get("namespace","default")+"/"+m["name"])' "$3")"
    node "$ROOT/cli/bin/cdk8s-hpa" "$@" --format json --jobs 1 --no-config < /dev/null > "$SCRATCH/cli.json" 2> "$SCRATCH/cli.err" \
      || { why="cdk8s-hpa $* failed: $(tail -n 2 "$SCRATCH/cli.err" | tr '\n' ' ')"; break; }
    why="$("$PY" - "$SCRATCH/single/$id.json" "$SCRATCH/cli.json" "$id" <<'EOF'
import json, sys
ours, theirs = (json.load(open(f)) for f in sys.argv[1:3])
if ours != theirs:
    print(f"{sys.argv[3]}: the result is not what cdk8s-hpa tune --format json prints")
EOF
)"
  done < "$SCRATCH/cli-commands"
else
  why="the single-process run failed"
fi
check cli "$why"

t6=$(date +%s)
echo "tune-fleet: seconds: cluster start $((t1 - t0)), single process $((t2 - t1)), dask $((t3 - t2)), resume $((t4 - t3)), shutdown $((t5 - t4)), cli $((t6 - t5)), total $((t6 - t0))"
[ "$failed" -eq 0 ] || echo "tune-fleet: the runs' output, the scheduler's and the workers' logs: $SCRATCH/*.log"
echo "$passed $failed" > "$SCRATCH/count"
echo "tune-fleet: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
