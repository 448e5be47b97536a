#!/usr/bin/env bash
# The release, rehearsed against real registry servers on 127.0.0.1: publishes the built packages
# with test/release/publish.sh (publib, as a release job does), then runs README.md's install lines
# and each language's quick start as a user would, in clean directories with empty caches.
#
#   npm    Verdaccio (uplink: registry.npmjs.org, for cdk8s, cdk8s-plus-27, constructs, cdk8s-cli)
#   PyPI   pypiserver (its fallback sends what it lacks, cdk8s etc., on to pypi.org)
#   Maven  a file:// repository (also holding the jsii-pacmak builds of org.cdk8s and
#          software.constructs that Maven Central lacks here), beside Maven Central
#   Go     a GOPROXY folder built from the git repository publib-golang pushed to, plus the
#          jsii-pacmak builds of the cdk8s-core-go, cdk8s-plus-go and constructs-go modules
#
# Usage, from the repository root, after the packages are built:
#   npx projen compile && npx projen package:js && bash test/bindings/run.sh
#   bash test/release/run.sh          (or: npx projen test:release)
#
# Prints PASS/FAIL lines, one per check, and ends with `release: N passed, N failed`; the exit
# status is non-zero when anything failed. test/release/README.md has the details.
set -euo pipefail

ROOT="$(pwd)"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${CDK8S_HPA_RELEASE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cdk8s-hpa-release}"
TOOLS="$CACHE/tools"
PUBLIB_VERSION=0.2.1061
VERDACCIO_VERSION=6.8.0
PYPISERVER_VERSION=2.4.2
CDK8S_CLI_VERSION=2.207.60      # as test/plugin/cdk8s-cli.ts
TS_NODE_VERSION=10.9.2
TYPESCRIPT_VERSION=5.9.3
TIME_LIMIT="${RELEASE_TIME_LIMIT:-1500}"   # seconds for the whole run; each step has its own too

T_START=$(date +%s)
RUN="$(mktemp -d "${TMPDIR:-/tmp}/cdk8s-hpa-release.XXXXXX")"
RESULTS="$RUN/results"; LOGS="$RUN/logs"
mkdir -p "$RESULTS" "$LOGS"
PIDS=()

# ---- reporting -------------------------------------------------------------------------------
# Each check appends one line, PASS or FAIL, to a file of $RESULTS (background jobs each write
# their own file); the summary counts them.
pass() { echo "PASS $*" | tee -a "$RESULTS/${RESULT_FILE:-main}"; }
fail() { echo "FAIL $*" | tee -a "$RESULTS/${RESULT_FILE:-main}"; }
say() { printf 'release: %s\n' "$*"; }
summary() {
  local p f
  p=$(cat "$RESULTS"/* 2>/dev/null | grep -c '^PASS' || true)
  f=$(cat "$RESULTS"/* 2>/dev/null | grep -c '^FAIL' || true)
  say "logs: $LOGS (removed when everything passed, unless RELEASE_KEEP=1)"
  say "time: $(( $(date +%s) - T_START ))s"
  echo "release: $p passed, $f failed"
  [ "$f" -eq 0 ] && [ "$p" -gt 0 ]
}
die() { fail "$*"; summary || true; exit 1; }

kill_tree() { local c; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$c"; done; kill "$1" 2>/dev/null || true; }
cleanup() {
  local rc=$? p
  for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null && kill_tree "$p"; done
  if [ "$rc" -eq 0 ] && [ -z "${RELEASE_KEEP:-}" ]; then chmod -R u+w "$RUN" 2>/dev/null; rm -rf "$RUN"; fi
  return 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# step NAME SECONDS CMD...: CMD with its output in $LOGS/NAME.log and a time limit; PASS or FAIL
# (with the log's end) as one check.
step() {
  local name="$1" limit="$2" t0 rc log; shift 2
  t0=$(date +%s)
  log="$LOGS/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_' | cut -c1-60).log"
  # (CMD may be a function of this script: a watchdog rather than timeout(1))
  set +e
  ( "$@" ) > "$log" 2>&1 < /dev/null &
  local pid=$!
  ( sleep "$limit"; echo "(timed out after ${limit}s)" >> "$log"; kill_tree "$pid" ) > /dev/null 2>&1 &
  local dog=$!
  wait "$pid"; rc=$?
  kill_tree "$dog"; wait "$dog" 2>/dev/null
  set -e
  if [ $rc -eq 0 ]; then
    # (installing the harness's own tools is no check of the release: not counted)
    if [ -n "${NOCOUNT:-}" ]; then say "$name ok ($(( $(date +%s) - t0 ))s)"; else pass "$name ($(( $(date +%s) - t0 ))s)"; fi
  else
    fail "$name (exit $rc, $(( $(date +%s) - t0 ))s); last lines of $log:"
    tail -n 25 "$log" | sed 's/^/    /'
  fi
  return $rc
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
wait_http() { local i; for i in $(seq 1 "${2:-60}"); do curl -sf -o /dev/null "$1" && return 0; sleep 0.5; done; return 1; }
secret() { python3 -c 'import secrets; print(secrets.token_hex(16))'; }

# A user's machine: nothing of ours in the environment but PATH, a fresh HOME and the machine's
# CA certificates; the registry location is added by each language's step.
CA_VARS=()
for v in SSL_CERT_FILE SSL_CERT_DIR NODE_EXTRA_CA_CERTS REQUESTS_CA_BUNDLE PIP_CERT CURL_CA_BUNDLE GIT_SSL_CAINFO; do
  [ -n "${!v:-}" ] && CA_VARS+=("$v=${!v}")
done
user_env() {  # user_env HOME [VAR=value...] -- CMD...
  local home="$1"; shift
  local vars=(); while [ "$1" != "--" ]; do vars+=("$1"); shift; done; shift
  mkdir -p "$home/tmp"
  env -i PATH="$PATH" HOME="$home" TMPDIR="$home/tmp" LANG=C.UTF-8 "${CA_VARS[@]}" "${vars[@]}" "$@"
}

# ---- 1. the built packages -------------------------------------------------------------------
[ -f "$ROOT/package.json" ] && grep -q '"name": "cdk8s-hpa"' "$ROOT/package.json" \
  || die "run from the cdk8s-hpa repository root"
VERSION="$(node -p "require('$ROOT/package.json').version")"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
say "cdk8s-hpa $VERSION; scratch $RUN"
BUILD_HINT="build them first: npx projen compile && npx projen package:js && bash test/bindings/run.sh"
LIB_TGZ="" CLI_TGZ="" STALE=()
for f in "$ROOT"/dist/js/*.tgz; do
  [ -f "$f" ] || continue
  nv="$(tar -xOzf "$f" package/package.json | node -e 'const p=JSON.parse(require("fs").readFileSync(0)); console.log(p.name+" "+p.version+" "+((p.dependencies||{})["cdk8s-hpa"]||""))')"
  read -r n v dep <<< "$nv"
  if [ "$v" != "$VERSION" ]; then STALE+=("$(basename "$f") ($n $v)"); continue; fi
  case "$n" in
    cdk8s-hpa) LIB_TGZ="$f" ;;
    cdk8s-hpa-cli) CLI_TGZ="$f"; [ "$dep" = "$VERSION" ] || die "$(basename "$f") depends on cdk8s-hpa '$dep', not exactly $VERSION" ;;
  esac
done
MISSING=()
[ -n "$LIB_TGZ" ] || MISSING+=("dist/js/cdk8s-hpa $VERSION tarball (npx projen package:js)")
[ -f "$ROOT/dist/python/cdk8s_hpa-$VERSION-py3-none-any.whl" ] || MISSING+=("dist/python/cdk8s_hpa-$VERSION-py3-none-any.whl")
[ -f "$ROOT/dist/python/cdk8s_hpa-$VERSION.tar.gz" ] || MISSING+=("dist/python/cdk8s_hpa-$VERSION.tar.gz")
[ -f "$ROOT/dist/java/io/cdk8shpa/cdk8s-hpa/$VERSION/cdk8s-hpa-$VERSION.pom" ] || MISSING+=("dist/java/io/cdk8shpa/cdk8s-hpa/$VERSION")
[ -f "$ROOT/dist/go/cdk8shpa/go.mod" ] && [ "$(cat "$ROOT/dist/go/cdk8shpa/version" 2>/dev/null)" = "$VERSION" ] || MISSING+=("dist/go/cdk8shpa at $VERSION")
for t in java go; do
  d="$(cat "$ROOT/dist/bindings-deps/$t" 2>/dev/null || true)"
  [ -n "$d" ] && [ -d "$d" ] || MISSING+=("the $t builds of constructs/cdk8s/cdk8s-plus-27 (dist/bindings-deps/$t, written by test/bindings/run.sh)")
done
[ ${#STALE[@]} -eq 0 ] || MISSING+=("only version $VERSION in dist/js (remove ${STALE[*]})")
if [ ${#MISSING[@]} -gt 0 ]; then
  printf 'release:   missing: %s\n' "${MISSING[@]}"
  die "artifacts: not built for $VERSION; $BUILD_HINT"
fi
JAVA_DEPS="$(cat "$ROOT/dist/bindings-deps/java")"
GO_DEPS="$(cat "$ROOT/dist/bindings-deps/go")"
pass "artifacts: cdk8s-hpa $VERSION for npm$([ -n "$CLI_TGZ" ] && echo ' (and cdk8s-hpa-cli)'), PyPI, Maven, Go"

# What the user reads: README's install lines and quick start, docs/languages.md's programs.
DOC="$RUN/doc"
python3 "$HERE/readme.py" install "$ROOT/README.md" "$DOC" || die "README.md: could not read ## Install"
python3 "$HERE/readme.py" quickstart "$ROOT/README.md" "$ROOT/docs/languages.md" "$DOC" || die "README.md/docs/languages.md: could not read the quick start"
NODE_MIN="$(node -p "(require('$ROOT/package.json').engines||{}).node||''" | sed 's/[^0-9.]//g; s/\.0$//')"
if grep -q "Node.js $NODE_MIN" "$DOC/install-text" && grep -q "Node.js >= $NODE_MIN" "$DOC/install-lines"; then
  pass "README install: states Node.js $NODE_MIN (package.json engines: $(node -p "require('$ROOT/package.json').engines.node"))"
else
  fail "README install: does not state the Node.js version package.json requires ($NODE_MIN) where it installs"
fi

# ---- 2. tools (pinned, in the cache) and servers ---------------------------------------------
mkdir -p "$TOOLS/npm"
if [ ! -x "$TOOLS/npm/node_modules/.bin/verdaccio" ] || [ ! -x "$TOOLS/npm/node_modules/.bin/publib-npm" ] \
    || ! grep -q "\"publib\": \"$PUBLIB_VERSION\"" "$TOOLS/npm/package.json" 2>/dev/null; then
  cat > "$TOOLS/npm/package.json" <<EOF
{
  "name": "cdk8s-hpa-release-tools",
  "private": true,
  "dependencies": { "publib": "$PUBLIB_VERSION", "verdaccio": "$VERDACCIO_VERSION" },
  "overrides": { "node-fetch": "2.7.0" }
}
EOF
  NOCOUNT=1 step tools:npm 600 npm install --prefix "$TOOLS/npm" --no-audit --no-fund --loglevel=error || die "tools: could not install verdaccio and publib"
fi
if ! "$TOOLS/pyvenv/bin/pypi-server" --version 2>/dev/null | grep -qx "$PYPISERVER_VERSION"; then
  rm -rf "$TOOLS/pyvenv"
  NOCOUNT=1 step tools:pypiserver 600 bash -c 'python3 -m venv "$1" && "$1/bin/pip" install -q "pypiserver[passlib]==$2"' _ "$TOOLS/pyvenv" "$PYPISERVER_VERSION" \
    || die "tools: could not install pypiserver"
fi

# npm: Verdaccio. Its storage is kept between runs as a company mirror keeps what it fetched
# from its uplink; our packages live in a sub-folder emptied each run.
NPM_PORT="$(free_port)"
VD="$CACHE/verdaccio"; mkdir -p "$VD/storage"; rm -rf "$VD/storage/this-release" "$VD/storage/.verdaccio-db.json" "$VD/htpasswd"
cat > "$VD/config.yaml" <<EOF
storage: $VD/storage
auth:
  htpasswd:
    file: $VD/htpasswd
    max_users: 10
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
    timeout: 120s
    max_fails: 10
packages:
  'cdk8s-hpa':
    access: \$all
    publish: \$authenticated
    storage: this-release
  'cdk8s-hpa-cli':
    access: \$all
    publish: \$authenticated
    storage: this-release
  '**':
    access: \$all
    publish: \$authenticated
    proxy: npmjs
log: { type: stdout, format: pretty, level: warn }
EOF
node "$TOOLS/npm/node_modules/verdaccio/bin/verdaccio" --config "$VD/config.yaml" --listen "127.0.0.1:$NPM_PORT" > "$LOGS/verdaccio.log" 2>&1 &
PIDS+=($!)
wait_http "http://127.0.0.1:$NPM_PORT/-/ping" || die "npm registry: Verdaccio did not answer on 127.0.0.1:$NPM_PORT (see $LOGS/verdaccio.log)"
NPM_USER="release-$(secret | cut -c1-8)"; NPM_PASS="$(secret)"
NPM_TOKEN="$(curl -sf -X PUT -H 'content-type: application/json' \
  -d "{\"name\":\"$NPM_USER\",\"password\":\"$NPM_PASS\"}" \
  "http://127.0.0.1:$NPM_PORT/-/user/org.couchdb.user:$NPM_USER" | node -e 'console.log(JSON.parse(require("fs").readFileSync(0)).token||"")')"
[ -n "$NPM_TOKEN" ] || die "npm registry: Verdaccio gave no token for a new user"
pass "npm registry: Verdaccio $VERDACCIO_VERSION on 127.0.0.1:$NPM_PORT, uplink registry.npmjs.org"

# PyPI: pypiserver, uploads behind a throwaway htpasswd user.
PYPI_PORT="$(free_port)"; mkdir -p "$RUN/pypi/packages"
PYPI_USER="release"; PYPI_PASS="$(secret)"
"$TOOLS/pyvenv/bin/python" -c 'import sys; from passlib.apache import HtpasswdFile as H; h=H(sys.argv[1], new=True); h.set_password(sys.argv[2], sys.argv[3]); h.save()' \
  "$RUN/pypi/htpasswd" "$PYPI_USER" "$PYPI_PASS"
"$TOOLS/pyvenv/bin/pypi-server" run -i 127.0.0.1 -p "$PYPI_PORT" -a update -P "$RUN/pypi/htpasswd" \
  --fallback-url https://pypi.org/simple/ "$RUN/pypi/packages" > "$LOGS/pypiserver.log" 2>&1 &
PIDS+=($!)
wait_http "http://127.0.0.1:$PYPI_PORT/health" || wait_http "http://127.0.0.1:$PYPI_PORT/" 10 \
  || die "PyPI: pypiserver did not answer on 127.0.0.1:$PYPI_PORT (see $LOGS/pypiserver.log)"
pass "PyPI: pypiserver $PYPISERVER_VERSION on 127.0.0.1:$PYPI_PORT, fallback pypi.org"

# Maven: a file:// repository, holding first what Maven Central lacks here (jsii-pacmak's builds
# of constructs, cdk8s, cdk8s-plus-27, made by test/bindings/run.sh).
MAVEN_REPO="$RUN/maven"; mkdir -p "$MAVEN_REPO"
cp -r "$JAVA_DEPS"/. "$MAVEN_REPO"/
pass "Maven: file://$MAVEN_REPO holds $(find "$MAVEN_REPO" -name '*.pom' | sed 's|.*/||' | tr '\n' ' ')"

# Go: publib-golang pushes to github.com/cdk8s-hpa/cdk8s-hpa-go; a git `insteadOf` (in the
# publisher's and the proxy's HOME) sends github.com to bare repositories here.
GIT_ROOT="$RUN/git"; GOPROXY_DIR="$RUN/goproxy"; mkdir -p "$GIT_ROOT/cdk8s-hpa" "$GOPROXY_DIR"
git init -q --bare -b main "$GIT_ROOT/cdk8s-hpa/cdk8s-hpa-go.git"
GITHUB_TOKEN="$(secret)"

# ---- 3. publish with publib, through the same script a release runs ---------------------------
PUB_HOME="$RUN/publisher-home"; mkdir -p "$PUB_HOME"
git config --file "$PUB_HOME/.gitconfig" url."file://$GIT_ROOT/".insteadOf "https://$GITHUB_TOKEN@github.com/"
git config --file "$PUB_HOME/.gitconfig" init.defaultBranch main
mkdir -p "$CACHE/publisher-pyuser" "$CACHE/publisher-m2"
publish() {
  env HOME="$PUB_HOME" PUBLIB_BIN="$TOOLS/npm/node_modules/.bin" \
    NPM_REGISTRY="127.0.0.1:$NPM_PORT" DISABLE_HTTPS=1 NPM_TOKEN="$NPM_TOKEN" \
    TWINE_REPOSITORY_URL="http://127.0.0.1:$PYPI_PORT/" TWINE_USERNAME="$PYPI_USER" TWINE_PASSWORD="$PYPI_PASS" \
    PYTHONUSERBASE="$CACHE/publisher-pyuser" \
    MAVEN_SERVER_ID=release-rehearsal MAVEN_REPOSITORY_URL="file://$MAVEN_REPO" \
    MAVEN_USERNAME=release MAVEN_PASSWORD="$(secret)" MAVEN_OPTS="-Dmaven.repo.local=$CACHE/publisher-m2" \
    GITHUB_TOKEN="$GITHUB_TOKEN" GIT_USER_NAME="cdk8s-hpa release rehearsal" GIT_USER_EMAIL="release@127.0.0.1" \
    bash "$HERE/publish.sh" "$@"
}
PUBLISHED=()
for target in npm pypi maven go; do
  if step "publish:$target" 600 publish "$target"; then PUBLISHED+=("$target"); fi
done
published() { local t; for t in "${PUBLISHED[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

# The Go proxy folder: what proxy.golang.org does, by the go command itself (`go mod download`
# from the git repositories, GOPROXY=direct), for our module and the cdk8s modules, whose
# jsii-pacmak builds go to bare repositories of their own, tagged as their publishers tag them.
go_proxy() {
  local home="$RUN/goproxy-home" mods=() d mod v repo sub tag
  mkdir -p "$home"
  git config --file "$home/.gitconfig" url."file://$GIT_ROOT/".insteadOf "https://github.com/"
  for d in "$GO_DEPS"/*/; do
    [ -f "$d/go.mod" ] || continue
    mod="$(sed -n 's/^module //p' "$d/go.mod")"; v="$(cat "$d/version")"
    repo="$(echo "$mod" | cut -d/ -f2,3)"; sub="$(echo "$mod" | cut -d/ -f4)"
    tag="$sub/v$v"
    if [ ! -d "$GIT_ROOT/$repo.git" ]; then
      git init -q -b main "$RUN/src-$sub"; cp -r "$d"/. "$RUN/src-$sub/$sub/"
      git -C "$RUN/src-$sub" add -A; git -C "$RUN/src-$sub" -c user.name=seed -c user.email=seed@127.0.0.1 commit -qm "$tag"
      git -C "$RUN/src-$sub" tag "$tag"
      git clone -q --bare "$RUN/src-$sub" "$GIT_ROOT/$repo.git"
    fi
    mods+=("$mod@v$v")
  done
  mods+=("github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa@v$VERSION")
  user_env "$home" GOPROXY=direct GOPRIVATE=github.com/cdk8s-hpa,github.com/cdk8s-team,github.com/aws/constructs-go \
    GOMODCACHE="$home/gomod" GOPATH="$home/gopath" GOFLAGS=-mod=mod GIT_TERMINAL_PROMPT=0 -- \
    bash -c 'cd "$HOME" && go mod download -x "$@"' _ "${mods[@]}" || return 1
  # the download cache is a proxy folder already; a proxy also answers @v/list
  cp -r "$home/gomod/cache/download"/. "$GOPROXY_DIR"/
  for m in "${mods[@]}"; do
    local p="$GOPROXY_DIR/${m%@*}/@v"
    ls "$p"/*.info | sed 's|.*/||; s|\.info$||' > "$p/list"
    echo "proxy: ${m%@*}: $(tr '\n' ' ' < "$p/list")"
  done
}
if published go; then
  step "Go proxy: folder for GOPROXY=file://" 600 go_proxy || true
fi

# ---- 4. the README's install lines and quick starts, as a user runs them ----------------------
mapfile -t INSTALL < "$DOC/install-lines"
lines_for() { local l; for l in "${INSTALL[@]}"; do case "$l" in "$1"*) printf '%s\n' "$l" ;; esac; done; }
for l in "${INSTALL[@]}"; do
  case "$l" in "npm install"*|"pip install"*|"go get"*) ;; *) fail "README install: a line the rehearsal does not know how to run: $l" ;; esac
done
GOCACHE_DIR="$CACHE/go-build"   # compiled objects only (keyed by content); downloads start empty

# TypeScript: README's npm lines in a new app, then the quick start synthesized by the real
# `cdk8s synth` with the synth plugin named by package, then the command line on its output.
lang_ts() {
  local app="$RUN/ts/app" home="$RUN/ts/home" l ok=1 plugin_pkg
  mkdir -p "$app"
  u() { user_env "$home" npm_config_registry="http://127.0.0.1:$NPM_PORT/" npm_config_cache="$home/npm-cache" \
        npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false -- bash -c "cd '$app' && $1"; }
  printf '{ "name": "quickstart", "private": true }\n' > "$app/package.json"
  while IFS= read -r l; do
    [ -n "$l" ] || continue
    case "$l" in *cdk8s-hpa-cli*) [ -n "$CLI_TGZ" ] || { say "NOTE no cdk8s-hpa-cli tarball in dist/js: not run: $l (the command line comes from cdk8s-hpa meanwhile)"; continue; } ;; esac
    step "README install (npm): $l" 600 u "$l" || ok=0
  done < <(lines_for "npm install")
  [ $ok -eq 1 ] || { fail "TypeScript quick start: not run (an npm install line failed)"; return; }
  local got; got="$(node -p "require('$app/node_modules/cdk8s-hpa/package.json').version" 2>/dev/null || true)"
  [ "$got" = "$VERSION" ] && pass "npm: the app got cdk8s-hpa $got from the registry" || fail "npm: the app got cdk8s-hpa '$got', not $VERSION"
  step "TypeScript: cdk8s-cli $CDK8S_CLI_VERSION, ts-node, typescript from the registry" 600 \
    u "npm install --save-dev cdk8s-cli@$CDK8S_CLI_VERSION ts-node@$TS_NODE_VERSION typescript@$TYPESCRIPT_VERSION @types/node@20" || return
  cp "$DOC/main.ts" "$app/main.ts"
  printf '{ "compilerOptions": { "target": "ES2020", "module": "commonjs", "strict": true, "esModuleInterop": true, "skipLibCheck": true } }\n' > "$app/tsconfig.json"
  plugin_pkg=cdk8s-hpa; [ -n "$CLI_TGZ" ] && plugin_pkg=cdk8s-hpa-cli
  cat > "$app/cdk8s.yaml" <<EOF
language: typescript
app: npx ts-node main.ts
output: deploy
validations:
  - package: $plugin_pkg
    version: $VERSION
    class: HpaValidation
EOF
  if step "TypeScript quick start: cdk8s synth, plugin $plugin_pkg@$VERSION by package" 600 \
      u "npx cdk8s synth --validation-reports-output-file report.json"; then
    if grep -q 'HorizontalPodAutoscaler' "$app/deploy/web.k8s.yaml" 2>/dev/null && [ -s "$app/report.json" ] \
        && node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1])); process.exit(r.reports && r.reports.length && r.reports.every(x => x.summary && x.summary.status === "success" && x.summary.version === process.argv[2]) ? 0 : 1)' "$app/report.json" "$VERSION"; then
      pass "TypeScript: cdk8s synth ran the plugin from the registry ($(node -p "JSON.parse(require('fs').readFileSync('$app/report.json')).reports.map(r => r.title + ': ' + r.summary.status + ', ' + r.summary.metadata.HorizontalPodAutoscalers + ' HPA').join('; ')"))"
      cp "$app/deploy/web.k8s.yaml" "$RUN/out-typescript.yaml"
    else
      fail "TypeScript: cdk8s synth wrote no HPA in deploy/ or no passing validation report (see $LOGS)"
    fi
  fi
  # README: `npx cdk8s-hpa validate deploy/`, verbatim, where the app synthesized into deploy/
  local npx_line; npx_line="$(grep -o 'npx cdk8s-hpa validate [^`]*' "$DOC/install-text" | head -1 || true)"
  if [ -n "$npx_line" ] && [ -f "$app/deploy/web.k8s.yaml" ]; then
    step "README command line: $npx_line" 120 u "$npx_line" || true
  else
    fail "README command line: no 'npx cdk8s-hpa validate ...' in ## Install, or nothing synthesized to check"
  fi
}

lang_python() {
  local app="$RUN/python/app" home="$RUN/python/home" l ok=1
  mkdir -p "$app"
  python3 -m venv "$app/.venv"
  u() { user_env "$home" PIP_INDEX_URL="http://127.0.0.1:$PYPI_PORT/simple/" PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
        VIRTUAL_ENV="$app/.venv" PATH="$app/.venv/bin:$PATH" -- bash -c "cd '$app' && $1"; }
  while IFS= read -r l; do
    step "README install (PyPI): $l" 600 u "$l" || ok=0
  done < <(lines_for "pip install")
  [ $ok -eq 1 ] || { fail "Python quick start: not run (the pip install line failed)"; return; }
  local got; got="$(u "python -c 'import importlib.metadata as m; print(m.version(\"cdk8s-hpa\"))'" 2>/dev/null || true)"
  [ "$got" = "$VERSION" ] && pass "PyPI: the venv got cdk8s-hpa $got from the registry" || fail "PyPI: the venv got cdk8s-hpa '$got', not $VERSION"
  cp "$DOC/main.py" "$app/main.py"
  step "Python quick start: python main.py" 300 u "python main.py" && cp "$app/dist/web.k8s.yaml" "$RUN/out-python.yaml" || true
}

lang_java() {
  local app="$RUN/java/app" home="$RUN/java/home"
  mkdir -p "$app/src/main/java" "$home/.m2"
  if ! grep -q "<version>$VERSION</version>" "$DOC/java-dependency.xml"; then
    fail "README install (Maven): the <dependency> block does not name version $VERSION: $(tr -d '\n' < "$DOC/java-dependency.xml" | sed 's/  */ /g')"
    return
  fi
  # The README's <dependency> block, verbatim, in a minimal project.
  python3 - "$HERE/java/pom.xml" "$DOC/java-dependency.xml" "$app/pom.xml" <<'EOF'
import sys
tmpl, dep = open(sys.argv[1]).read(), open(sys.argv[2]).read()
open(sys.argv[3], 'w').write(tmpl.replace('<!-- README dependency -->', dep.strip()))
EOF
  cat > "$home/.m2/settings.xml" <<EOF
<settings>
  <localRepository>$home/.m2/repository</localRepository>
  <profiles>
    <profile>
      <id>release-rehearsal</id>
      <repositories>
        <repository>
          <id>release-rehearsal</id>
          <url>file://$MAVEN_REPO</url>
          <snapshots><enabled>false</enabled></snapshots>
        </repository>
      </repositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>release-rehearsal</activeProfile></activeProfiles>
</settings>
EOF
  cp "$DOC/Main.java" "$app/src/main/java/Main.java"
  # Maven reads ~/.m2 from Java's user.home (the passwd entry), not from HOME
  u() { user_env "$home" MAVEN_OPTS="-Duser.home=$home" -- bash -c "cd '$app' && $1"; }
  if step "README install (Maven): <dependency> io.cdk8shpa:cdk8s-hpa:$VERSION, mvn compile" 900 u "mvn -B compile"; then
    step "Java quick start: mvn exec:java" 600 u "mvn -B -q exec:java" && cp "$app/dist/web.k8s.yaml" "$RUN/out-java.yaml" || true
  else
    fail "Java quick start: not run (the dependency did not resolve)"
  fi
}

lang_go() {
  local app="$RUN/go/app" home="$RUN/go/home" l ok=1
  mkdir -p "$app"
  u() { user_env "$home" GOPROXY="file://$GOPROXY_DIR,https://proxy.golang.org" \
        GONOSUMDB=github.com/cdk8s-hpa,github.com/cdk8s-team,github.com/aws/constructs-go \
        GOMODCACHE="$home/go/pkg/mod" GOPATH="$home/go" GOCACHE="$GOCACHE_DIR" GOFLAGS=-mod=mod GOTOOLCHAIN=local -- bash -c "cd '$app' && $1"; }
  u "go mod init example.com/quickstart" > "$LOGS/go-mod-init.log" 2>&1
  while IFS= read -r l; do
    step "README install (Go): $l" 600 u "$l" || ok=0
  done < <(lines_for "go get")
  [ $ok -eq 1 ] || { fail "Go quick start: not run (the go get line failed)"; return; }
  local got; got="$(u "go list -m -f '{{.Version}}' github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa" 2>/dev/null || true)"
  [ "$got" = "v$VERSION" ] && pass "Go: the module got cdk8shpa $got from the proxy" || fail "Go: the module got cdk8shpa '$got', not v$VERSION"
  cp "$DOC/main.go" "$app/main.go"
  step "Go quick start: go mod tidy && go run ." 900 u "go mod tidy && go run ." && cp "$app/dist/web.k8s.yaml" "$RUN/out-go.yaml" || true
}

# Each language in the background with its own results file (Maven's downloads and the Go build
# overlap the npm and pip installs); each is bounded by the steps' own time limits.
for lang in ts python java go; do
  case "$lang" in
    ts) published npm || { fail "TypeScript: not run (publish:npm failed)"; continue; } ;;
    python) published pypi || { fail "Python: not run (publish:pypi failed)"; continue; } ;;
    java) published maven || { fail "Java: not run (publish:maven failed)"; continue; } ;;
    go) [ -f "$GOPROXY_DIR/github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa/@v/list" ] || { fail "Go: not run (no Go proxy folder)"; continue; } ;;
  esac
  ( RESULT_FILE="$lang"; trap - EXIT; "lang_$lang" ) > "$LOGS/lang-$lang.out" 2>&1 &
  PIDS+=($!); eval "PID_$lang=$!"
done
deadline=$(( T_START + TIME_LIMIT ))
for lang in ts python java go; do
  pid_var="PID_$lang"; [ -n "${!pid_var:-}" ] || continue
  while kill -0 "${!pid_var}" 2>/dev/null && [ "$(date +%s)" -lt "$deadline" ]; do sleep 2; done
  if kill -0 "${!pid_var}" 2>/dev/null; then kill_tree "${!pid_var}"; RESULT_FILE="$lang" fail "$lang: stopped at the time limit (${TIME_LIMIT}s)"; fi
  wait "${!pid_var}" 2>/dev/null || true
  say "== $lang"; cat "$LOGS/lang-$lang.out"
done

# ---- 5. the four quick starts render the same HPA, the one README.md shows --------------------
pairs=()
for lang in typescript python java go; do pairs+=("$lang=$RUN/out-$lang.yaml"); done
python3 "$HERE/readme.py" compare "$DOC/expected.yaml" "${pairs[@]}" | tee -a "$RESULTS/main" || true

summary
