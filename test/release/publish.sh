#!/usr/bin/env bash
# Publishes the built packages of cdk8s-hpa with publib, the release tool of jsii projects:
#   npm    dist/js/*.tgz       publib-npm     (cdk8s-hpa, and cdk8s-hpa-cli when it is built)
#   pypi   dist/python/*.whl   publib-pypi
#   maven  dist/java/**/*.pom  publib-maven
#   go     dist/go/*           publib-golang  (commits and tags the module in its GitHub repository)
#
# Usage, from the repository root after the packages are built:
#   bash test/release/publish.sh [npm] [pypi] [maven] [go]      (default: all four)
#
# Everything that says where to and as whom comes from the environment, as publib reads it; nothing
# here names a registry. To the public registries (a release job, with real credentials):
#   npm    NPM_TOKEN                       (NPM_REGISTRY defaults to registry.npmjs.org)
#   pypi   TWINE_USERNAME=__token__ TWINE_PASSWORD=<PyPI token>  (TWINE_REPOSITORY_URL: default PyPI)
#   maven  MAVEN_SERVER_ID=central-ossrh MAVEN_USERNAME MAVEN_PASSWORD MAVEN_GPG_PRIVATE_KEY
#          MAVEN_GPG_PRIVATE_KEY_PASSPHRASE (see publib's README)
#   go     GITHUB_TOKEN GIT_USER_NAME GIT_USER_EMAIL (pushes to github.com/cdk8s-hpa/cdk8s-hpa-go)
# test/release/run.sh calls this same script with registry servers on 127.0.0.1 (NPM_REGISTRY +
# DISABLE_HTTPS, TWINE_REPOSITORY_URL, MAVEN_REPOSITORY_URL=file://..., a git `insteadOf` for the
# Go repository) and throwaway credentials it makes up at run time.
#
# publib comes from $PUBLIB_BIN (a directory holding publib-npm etc.) or else is run with
# `npx --yes publib@$PUBLIB_VERSION`. publib-npm writes ~/.npmrc and publib-pypi installs twine
# with `pip install --user`: a release job gives them a HOME (and PYTHONUSERBASE) of their own.
set -euo pipefail

PUBLIB_VERSION="${PUBLIB_VERSION:-0.2.1061}"
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(npm pypi maven go)

# Run from an npm script (npx projen ...), npm hands its own settings down as npm_config_*
# variables: npm_config_userconfig would point npm away from the ~/.npmrc that publib-npm writes
# with the token. publib sets up npm itself, so none of them is passed on.
while IFS= read -r var; do unset "$var"; done < <(compgen -e | grep '^npm_config_' || true)

publib() {
  local tool="$1"; shift
  if [ -n "${PUBLIB_BIN:-}" ]; then
    "$PUBLIB_BIN/$tool" "$@"
  else
    npx --yes -p "publib@$PUBLIB_VERSION" "$tool" "$@"
  fi
}

need_dir() {
  [ -d "$1" ] && [ -n "$(ls -A "$1" 2>/dev/null)" ] && return 0
  echo "publish: $1 is missing or empty: build the packages first (npx projen compile, npx projen package:js, bash test/bindings/run.sh)" >&2
  return 1
}

for target in "${TARGETS[@]}"; do
  echo "publish: == $target"
  case "$target" in
    npm) need_dir dist/js && publib publib-npm dist/js ;;
    pypi) need_dir dist/python && publib publib-pypi dist/python ;;
    maven) need_dir dist/java && publib publib-maven dist/java ;;
    go) need_dir dist/go && publib publib-golang dist/go ;;
    *) echo "publish: unknown target '$target' (use npm, pypi, maven, go)" >&2; exit 2 ;;
  esac
done
