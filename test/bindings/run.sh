#!/usr/bin/env bash
# Builds the Python, Java and Go packages of cdk8s-hpa with jsii-pacmak and runs one smoke
# program per language, installed with that language's own tool against the package just built:
#   python  pip installs dist/python/*.whl into a venv and runs python/smoke.py
#   java    Maven resolves io.cdk8shpa:cdk8s-hpa from dist/java and runs java/ (exec:java)
#   go      a module with `replace` => dist/go/cdk8shpa runs go/ (go run)
#
# Usage, from the repository root after `npx projen compile` (lib/ and .jsii exist):
#   bash test/bindings/run.sh [python] [java] [go]      (default: all three)
#
# The last line is always `bindings: N passed, N failed` (N counts smoke programs, documentation
# examples and the checks of the fleet example, python/tune-fleet.sh); the exit status is
# non-zero when any language failed. A missing toolchain fails its language.
#
# Registries as this project's machines reach them do not serve every dependency: Maven Central
# has no org.cdk8s:cdk8s-plus-27 and no org.cdk8s:cdk8s newer than 2.70.47, and the Go module
# proxy refuses cdk8s-core-go, cdk8s-plus-go and constructs-go. So jsii-pacmak also builds
# constructs, cdk8s and cdk8s-plus-27 for Java and Go from the npm packages in node_modules
# (what their publishers run), once per version set, into a cache outside the clone. Without
# them, plain `jsii-pacmak --target java|go` (projen's package:java, package:go) fails here.
#
# Caches (reruns reuse them): ~/.m2/repository (or $MAVEN_REPO_LOCAL), pip's and Go's caches, and
# $CDK8S_HPA_BINDINGS_CACHE (default ~/.cache/cdk8s-hpa-bindings): the dependency builds, and
# work/<checkout hash>/ with the venv, scratch and logs of each checkout.
#
# The Java build (cold: mostly Maven fetching jsii-pacmak's plugins, one POM at a time) runs in
# the background while Python and Go are built and tested.
set -euo pipefail

ROOT="$(pwd)"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${CDK8S_HPA_BINDINGS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cdk8s-hpa-bindings}"
# Scratch (venv, pacmak output, smoke projects, logs) lives OUTSIDE the repository, one directory
# per checkout: jsii-pacmak runs `npm pack` on the repository, and anything under it that
# .npmignore does not exclude (a venv under .bindings/, say) would be packed into the npm
# tarball and from there into the wheel, the jar and the Go module.
WORK="${CDK8S_HPA_BINDINGS_WORK:-$CACHE/work/$(printf '%s' "$ROOT" | sha256sum | cut -c1-12)}"
LOGS="$WORK/logs"
M2_REPO="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
PACMAK="$ROOT/node_modules/.bin/jsii-pacmak"
ALL_LANGS=(python java go)
LANGS=("$@")
[ ${#LANGS[@]} -eq 0 ] && LANGS=("${ALL_LANGS[@]}")
# A package of a few hundred kB that grew past this has picked up stray files through `npm pack`.
MAX_ARTIFACT_BYTES=$((20 * 1024 * 1024))
# What the fleet example (examples/tune-fleet-dask) runs on, installed into the Python venv.
DASK_REQUIREMENT="dask[distributed]==2026.8.0"

declare -A FAILED_WHY=()   # language -> why it failed
TIMINGS=()
T_START=$(date +%s)
STEP_PID=""
JAVA_PID=""
FLEET_PID=""
# Stopped early (Ctrl-C, a CI timeout): stop the builds this script started, by process id.
kill_tree() { local p; for p in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$p"; done; kill "$1" 2>/dev/null || true; }
# The fleet check first, alone: its own trap stops its Dask scheduler and workers in order.
cleanup() {
  local p
  if [ -n "$FLEET_PID" ] && kill -0 "$FLEET_PID" 2>/dev/null; then kill "$FLEET_PID" 2>/dev/null; wait "$FLEET_PID" 2>/dev/null; fi
  for p in "$STEP_PID" "$JAVA_PID" "$FLEET_PID"; do [ -n "$p" ] && kill -0 "$p" 2>/dev/null && kill_tree "$p"; done
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf 'bindings: %s\n' "$*"; }
# counted FILE WHY: adds the `passed failed` counts FILE holds (one per documentation example, one
# per check of the fleet example) to summary's; without FILE, one failure, unless $lang failed
# already (its build failed: it counts once, as failed, in summary).
counted() {
  local p f
  if [ -f "$1" ]; then
    read -r p f < "$1"
    passed=$((passed + p)); failed=$((failed + f))
  elif [ -z "${FAILED_WHY[$lang]:-}" ]; then
    say "FAIL $lang: $2"
    failed=$((failed + 1))
  fi
}
summary() {
  local passed=0 failed=0 lang
  for lang in "${LANGS[@]}"; do
    if [ -n "${FAILED_WHY[$lang]:-}" ]; then failed=$((failed + 1)); else passed=$((passed + 1)); fi
    counted "$WORK/examples/$lang/count" "its documentation examples were not checked (see $LOGS/$lang-examples*.log)"
    if [ "$lang" = python ]; then
      counted "$WORK/work/fleet/count" "the fleet example was not checked (see $LOGS/python-tune-fleet.log)"
    fi
  done
  say "timings: ${TIMINGS[*]:-none} total=$(( $(date +%s) - T_START ))s"
  echo "bindings: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
die() {
  say "ERROR: $*"
  local lang; for lang in "${LANGS[@]}"; do FAILED_WHY[$lang]="$*"; done
  summary || true
  exit 1
}
fail_lang() { FAILED_WHY[$1]="$2"; say "FAIL $1: $2"; }
ok() { [ -z "${FAILED_WHY[$1]:-}" ]; }
wants() { local l; for l in "${LANGS[@]}"; do [ "$l" = "$1" ] && ok "$1" && return 0; done; return 1; }
rel() { printf '%s' "${1#"$ROOT"/}"; }

# step NAME LOG CMD...: runs CMD with its output in LOG, records its time, shows the log's end
# on failure. Returns CMD's status.
step() {
  local name="$1" log="$2"; shift 2
  local t0 rc dt; t0=$(date +%s)
  # In the background and waited for, so that a signal to this script is handled at once.
  set +e; "$@" >"$log" 2>&1 </dev/null & STEP_PID=$!; wait "$STEP_PID"; rc=$?; STEP_PID=""; set -e
  dt=$(( $(date +%s) - t0 ))
  TIMINGS+=("$name=${dt}s")
  if [ $rc -eq 0 ]; then
    say "$name ok (${dt}s)"
  else
    say "$name FAILED (exit $rc, ${dt}s); last lines of $log:"
    tail -n 40 "$log" | sed 's/^/    /'
  fi
  return $rc
}

# smoke LANG DIR CMD...: runs a smoke program in DIR with its output shown and kept in a log.
smoke() {
  local lang="$1" dir="$2"; shift 2
  local t0 rc; t0=$(date +%s)
  set +e
  # (sed: Debian's Maven 3.8 prints bare color resets even in batch mode)
  (cd "$dir" && "$@") 2>&1 | sed -u 's/\x1b\[[0-9;]*m//g' | tee "$LOGS/$lang-smoke.log"
  rc=${PIPESTATUS[0]}
  set -e
  TIMINGS+=("$lang:smoke=$(( $(date +%s) - t0 ))s")
  return $rc
}

too_big() {
  local size; size=$(stat -c %s "$1")
  [ "$size" -gt "$MAX_ARTIFACT_BYTES" ] || return 1
  say "$(rel "$1") is $((size / 1024 / 1024)) MiB: npm pack took in files it should not (check .npmignore and 'npm pack --dry-run')"
}

# ---- preconditions ---------------------------------------------------------------------------
for lang in "${LANGS[@]}"; do
  case "$lang" in python|java|go) ;; *) LANGS=("${ALL_LANGS[@]}"); die "unknown language '$lang' (use python, java, go)";; esac
done
[ -f "$ROOT/package.json" ] && grep -q '"name": "cdk8s-hpa"' "$ROOT/package.json" \
  || die "run from the cdk8s-hpa repository root (no cdk8s-hpa package.json in $ROOT)"
[ -f "$ROOT/.jsii" ] && [ -d "$ROOT/lib" ] || die "lib/ or .jsii missing: run 'npx projen compile' first"
command -v node >/dev/null 2>&1 || die "toolchain missing: node (runs jsii-pacmak and every language's jsii runtime)"
[ -x "$PACMAK" ] || die "node_modules/.bin/jsii-pacmak missing: run 'npm ci' first"

NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
export JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION="${JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION:-$NODE_MAJOR}"
export PYTHONDONTWRITEBYTECODE=1

pkg_version() { node -p "require(require.resolve('$1/package.json', { paths: ['$ROOT'] })).version"; }
pkg_dir() { node -p "require('path').dirname(require.resolve('$1/package.json', { paths: ['$ROOT'] }))"; }
VERSION="$(node -p "require('$ROOT/package.json').version")"
CONSTRUCTS_V="$(pkg_version constructs)"
CDK8S_V="$(pkg_version cdk8s)"
PLUS_V="$(pkg_version cdk8s-plus-27)"
PACMAK_V="$(pkg_version jsii-pacmak)"
DEP_DIRS=("$(pkg_dir constructs)" "$(pkg_dir cdk8s)" "$(pkg_dir cdk8s-plus-27)")
DEPS_KEY="constructs-$CONSTRUCTS_V.cdk8s-$CDK8S_V.cdk8s-plus-27-$PLUS_V.pacmak-$PACMAK_V"

mkdir -p "$LOGS" "$CACHE"
rm -rf "$WORK/tmp" "$WORK/work" "$WORK/pacmak-"* "$WORK/examples"
mkdir -p "$WORK/tmp" "$WORK/work" "$WORK/examples"
export TMPDIR="$WORK/tmp"   # synth outdirs and jsii runtime scratch of the smoke programs
say "scratch and logs: $WORK"
say "cdk8s-hpa $VERSION; constructs $CONSTRUCTS_V, cdk8s $CDK8S_V, cdk8s-plus-27 $PLUS_V, jsii-pacmak $PACMAK_V, node $(node --version)"

# ---- 1. toolchains: a missing one fails its language (never a skip) --------------------------
need() {
  local lang="$1" missing=() t; shift
  for t in "$@"; do command -v "$t" >/dev/null 2>&1 || missing+=("$t"); done
  [ ${#missing[@]} -eq 0 ] || fail_lang "$lang" "toolchain missing: ${missing[*]}"
}
for lang in "${LANGS[@]}"; do
  case "$lang" in
    python)
      need python python3
      if ok python && ! python3 -m pip --version >/dev/null 2>&1; then fail_lang python "toolchain missing: pip (python3 -m pip)"; fi
      if ok python && ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then fail_lang python "toolchain missing: venv/ensurepip for python3"; fi ;;
    java) need java java javac mvn ;;
    go) need go go ;;
  esac
done

# ---- 2. builds -------------------------------------------------------------------------------
# deps TARGET: constructs, cdk8s and cdk8s-plus-27 for TARGET (java|go), built once per version
# set into $CACHE/TARGET-$DEPS_KEY/TARGET. No javadoc for them, and no `go build` (the smoke
# build compiles them).
deps() {
  local t="$1" dir="$CACHE/$1-$DEPS_KEY" tmp
  # test/release/run.sh publishes these beside this package (the registries here lack them)
  record_deps() { mkdir -p "$ROOT/dist/bindings-deps"; printf '%s\n' "$dir/$t" > "$ROOT/dist/bindings-deps/$t"; }
  if [ -f "$dir/.complete" ]; then say "$t dependencies: cached in $dir"; record_deps; return 0; fi
  tmp="$(mktemp -d "$CACHE/.building-$t.XXXXXX")"
  if step "$t:pacmak-deps" "$LOGS/$t-pacmak-deps.log" \
      env JSII_BUILD_GO=0 "$PACMAK" -v --target "$t" --outdir "$tmp" \
      --maven-local-repository="$M2_REPO" --mvn-define=maven.javadoc.skip=true "${DEP_DIRS[@]}"; then
    touch "$tmp/.complete"; rm -rf "$dir"; mv "$tmp" "$dir"; record_deps
  else
    rm -rf "$tmp"; return 1
  fi
}

# package TARGET...: this package for the given targets in one jsii-pacmak run (as projen's
# package tasks do, plus --outdir), with the dependencies' artifacts seeded beside its output
# (pacmak uses <outdir>/java as a local Maven repository and turns <outdir>/go/* into
# `replace`s), then copies this package's artifacts to dist/<target>.
package() {
  local name; name="$(IFS=-; printf '%s' "$*")"
  local out="$WORK/pacmak-$name" t args=() rc=0
  rm -rf "$out"; mkdir -p "$out"
  for t in "$@"; do
    args+=(--target "$t")
    [ "$t" = python ] || cp -r "$CACHE/$t-$DEPS_KEY/$t" "$out/$t"
  done
  step "pacmak($*)" "$LOGS/pacmak-$name.log" \
    "$PACMAK" -v "${args[@]}" --outdir "$out" --maven-local-repository="$M2_REPO" || rc=1
  # A failed run may have cut a parallel target short: only trust targets whose run succeeded
  # alone, or whose run was the only one.
  for t in "$@"; do
    case "$t" in
      python) local whl="$out/python/cdk8s_hpa-$VERSION-py3-none-any.whl"
        [ $rc -eq 0 ] && [ -f "$whl" ] && ! too_big "$whl" || continue
        mkdir -p "$ROOT/dist/python"; cp "$out"/python/* "$ROOT/dist/python/" ;;
      java) local jar="$out/java/io/cdk8shpa/cdk8s-hpa/$VERSION/cdk8s-hpa-$VERSION.jar"
        [ $rc -eq 0 ] && [ -f "$jar" ] && ! too_big "$jar" || continue
        mkdir -p "$ROOT/dist/java/io"; cp -r "$out/java/io/cdk8shpa" "$ROOT/dist/java/io/" ;;
      go) local tgz; tgz="$(ls "$out"/go/cdk8shpa/jsii/*.tgz 2>/dev/null | head -1)"
        [ $rc -eq 0 ] && [ -n "$tgz" ] && ! too_big "$tgz" || continue
        mkdir -p "$ROOT/dist/go"; cp -r "$out/go/cdk8shpa" "$ROOT/dist/go/" ;;
    esac
  done
  return $rc
}

# This run's artifacts only: what an earlier run left in dist/ must not pass for this one's.
# (A language counts as packaged below when its artifact was copied to dist/ by a run that
# succeeded.)
packaged() {
  case "$1" in
    python) [ -f "$ROOT/dist/python/cdk8s_hpa-$VERSION-py3-none-any.whl" ] ;;
    java) [ -f "$ROOT/dist/java/io/cdk8shpa/cdk8s-hpa/$VERSION/cdk8s-hpa-$VERSION.jar" ] ;;
    go) [ -f "$ROOT/dist/go/cdk8shpa/go.mod" ] ;;
  esac
}
for lang in "${LANGS[@]}"; do
  case "$lang" in
    python) rm -rf "$ROOT/dist/python" ;;
    java) rm -rf "$ROOT/dist/java/io/cdk8shpa" ;;
    go) rm -rf "$ROOT/dist/go/cdk8shpa" ;;
  esac
done

# The documentation examples translated as a release translates them (the post-compile `rosetta`
# task: jsii-rosetta extract, then rosetta/translations/): jsii-pacmak reads them from the tablet.
if ! step rosetta "$LOGS/rosetta.log" "$ROOT/node_modules/.bin/projen" rosetta; then
  die "the rosetta task failed: the examples could not be translated (see $LOGS/rosetta.log)"
fi

# The Java chain in the background: its output and timings are collected when it is waited for.
if wants java; then
  (
    trap - INT TERM
    trap 'printf "%s\n" "${TIMINGS[@]:-}" > "$WORK/tmp/java-timings"' EXIT
    TIMINGS=()
    deps java && package java
  ) > "$WORK/tmp/java-build.out" 2>&1 &
  JAVA_PID=$!
  say "java build started in the background (pid $JAVA_PID)"
fi

# Python and Go in the foreground; if the joint run fails, each alone to tell which failed.
if wants go && ! deps go; then
  fail_lang go "jsii-pacmak could not build constructs/cdk8s/cdk8s-plus-27 for go (see $LOGS/go-pacmak-deps.log)"
fi
FG=()
for lang in python go; do if wants "$lang"; then FG+=("$lang"); fi; done
if [ ${#FG[@]} -gt 0 ] && ! package "${FG[@]}" && [ ${#FG[@]} -gt 1 ]; then
  for lang in "${FG[@]}"; do package "$lang" || true; done
fi

# ---- 3. smoke programs -----------------------------------------------------------------------
smoke_python() {
  local venv="$WORK/venv" wheel="$ROOT/dist/python/cdk8s_hpa-$VERSION-py3-none-any.whl"
  if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$venv"
    step python:venv "$LOGS/python-venv.log" python3 -m venv "$venv" || return 1
  fi
  # Uninstall first so the wheel just built is installed even when its version did not change;
  # installing it with its dependencies checks the requirements it declares.
  step python:pip-install "$LOGS/python-pip.log" bash -c '
    set -euo pipefail
    "$1/bin/python" -m pip uninstall -y -q cdk8s-hpa
    "$1/bin/python" -m pip install -q --no-input "$2" "cdk8s==$3" "cdk8s-plus-27==$4" "constructs==$5" "PyYAML>=6,<7" "$6"
    "$1/bin/python" -m pip check' _ "$venv" "$wheel" "$CDK8S_V" "$PLUS_V" "$CONSTRUCTS_V" "$DASK_REQUIREMENT" || return 1
  local rc=0
  smoke python "$TMPDIR" "$venv/bin/python" "$HERE/python/smoke.py" || rc=1
  examples python "$wheel" -- python3 "$HERE/examples.py" python-check "$WORK/examples/python" "$venv/bin/python" || true
  fleet "$venv" || true
  return $rc
}

# fleet VENV: examples/tune-fleet-dask on a local Dask cluster (python/tune-fleet.sh: a scheduler
# and two workers on 127.0.0.1, compared with the single-process run); each of its checks counts
# in the last line. In the background and waited for, so that cleanup() can stop it first.
fleet() {
  local t0 rc; t0=$(date +%s)
  set +e
  bash "$HERE/python/tune-fleet.sh" "$1" "$WORK/work/fleet" > "$LOGS/python-tune-fleet.log" 2>&1 </dev/null &
  FLEET_PID=$!; wait "$FLEET_PID"; rc=$?; FLEET_PID=""
  set -e
  sed 's/^/  /' "$LOGS/python-tune-fleet.log"
  TIMINGS+=("python:tune-fleet=$(( $(date +%s) - t0 ))s")
  return $rc
}

# examples LANG SOURCE -- CMD...: extracts LANG's documentation examples from SOURCE (the built
# package) and the docs pages' LANG blocks into $WORK/examples/LANG, checks them with CMD (its
# output is the log the report reads) and prints one line per example; each counts in the last line.
examples() {
  local lang="$1" src="$2" dir="$WORK/examples/$1" t0 rc=0; shift 3
  t0=$(date +%s)
  python3 "$HERE/examples.py" extract "$lang" "$dir" "$src" "$ROOT"/docs/*.md || return 1
  "$@" > "$LOGS/$lang-examples.log" 2>&1 || true
  python3 "$HERE/examples.py" report "$lang" "$dir" "$LOGS/$lang-examples.log" | tee "$LOGS/$lang-examples-report.log" || rc=1
  TIMINGS+=("$lang:examples=$(( $(date +%s) - t0 ))s")
  return $rc
}

smoke_java() {
  local proj="$WORK/work/java" deps="$CACHE/java-$DEPS_KEY/java"
  cp -r "$HERE/java" "$proj" || return 1
  # Maven keeps a release version for good: drop ours from the local repository so that it is
  # resolved again from dist/java, the package just built.
  rm -rf "${M2_REPO:?}/io/cdk8shpa/cdk8s-hpa/$VERSION"
  MAVEN_OPTS="${MAVEN_OPTS:-} -Djava.io.tmpdir=$TMPDIR" smoke java "$proj" \
    mvn -q -B -Dmaven.repo.local="$M2_REPO" \
    -Dbindings.dist.repo="file://$ROOT/dist/java" -Dbindings.deps.repo="file://$deps" \
    -Dcdk8shpa.version="$VERSION" -Dcdk8s.version="$CDK8S_V" -Dcdk8splus.version="$PLUS_V" \
    -Dconstructs.version="$CONSTRUCTS_V" compile exec:java || return 1
  # The examples compile against the same artifacts: the classpath Maven resolved for the smoke
  # program (exec-maven-plugin prints it; it is already in the local repository).
  (cd "$proj" && mvn -q -B -Dmaven.repo.local="$M2_REPO" \
    -Dbindings.dist.repo="file://$ROOT/dist/java" -Dbindings.deps.repo="file://$deps" \
    -Dcdk8shpa.version="$VERSION" -Dcdk8s.version="$CDK8S_V" -Dcdk8splus.version="$PLUS_V" \
    -Dconstructs.version="$CONSTRUCTS_V" exec:exec -Dexec.executable=echo -Dexec.args=%classpath) \
    2> "$LOGS/java-classpath.log" | sed 's/\x1b\[[0-9;]*m//g' > "$WORK/tmp/java-classpath" || { say "java: no classpath (see $LOGS/java-classpath.log)"; return 1; }
  local jar="$ROOT/dist/java/io/cdk8shpa/cdk8s-hpa/$VERSION/cdk8s-hpa-$VERSION-sources.jar"
  examples java "$jar" -- bash -c 'mkdir -p "$1/classes" && cd "$1" && javac -Xmaxerrs 100000 -encoding UTF-8 -nowarn -d classes -cp "$(tail -n 1 "$2")" $(find . -name "*.java" | sort)' \
    _ "$WORK/examples/java" "$WORK/tmp/java-classpath" || true
}

smoke_go() {
  local proj="$WORK/work/go" deps="$CACHE/go-$DEPS_KEY/go" d mod replaces=()
  cp -r "$HERE/go" "$proj" || return 1
  replaces+=("-replace=$(sed -n 's/^module //p' "$ROOT/dist/go/cdk8shpa/go.mod")=$ROOT/dist/go/cdk8shpa")
  for d in constructs cdk8s cdk8splus27; do
    mod="$(sed -n 's/^module //p' "$deps/$d/go.mod")"
    [ -n "$mod" ] || { say "go: no module name in $deps/$d/go.mod"; return 1; }
    replaces+=("-replace=$mod=$deps/$d")
  done
  step go:mod-tidy "$LOGS/go-mod.log" bash -c 'cd "$1" && shift && go mod edit "$@" && go mod tidy' _ "$proj" "${replaces[@]}" || return 1
  local rc=0
  smoke go "$proj" go run . || rc=1
  # In a package of the smoke module, so the same `replace`s apply.
  examples go "$ROOT/dist/go/cdk8shpa" -- bash -c 'mkdir -p "$2" && cd "$1" && cp -r . "$2"/ && cd "$2" && go build -gcflags=-e ./... && go vet ./...' \
    _ "$WORK/examples/go" "$proj/examples" || true
  return $rc
}

run_smoke() {
  local lang="$1"
  ok "$lang" || return 0
  if ! packaged "$lang"; then
    fail_lang "$lang" "jsii-pacmak did not produce a usable $lang package (see the pacmak logs in $LOGS)"
    return 0
  fi
  say "== $lang smoke"
  if "smoke_$lang"; then say "PASS $lang smoke"; else fail_lang "$lang" "smoke program failed (see $LOGS/$lang-*.log)"; fi
}

if wants python; then run_smoke python; fi
if wants go; then run_smoke go; fi

if [ -n "$JAVA_PID" ]; then
  say "waiting for the java build"
  set +e; wait "$JAVA_PID"; java_rc=$?; set -e
  sed 's/^/  /' "$WORK/tmp/java-build.out"
  if [ -f "$WORK/tmp/java-timings" ]; then
    while IFS= read -r t; do [ -n "$t" ] && TIMINGS+=("$t"); done < "$WORK/tmp/java-timings"
  fi
  if [ "$java_rc" -ne 0 ]; then
    fail_lang java "java build failed (see $LOGS/java-pacmak-deps.log, $LOGS/pacmak-java.log)"
  else
    run_smoke java
  fi
fi

summary
