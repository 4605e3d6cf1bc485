#!/usr/bin/env bash
# Installs what the test suite needs, and only what is missing: Chromium (the page's tests) and
# nginx (the proxy tests) from Debian, npm only when no `npm` command exists (Node.js from
# NodeSource brings its own and conflicts with Debian's npm package), axe-core from npm
# (tests/package.json), then a virtual environment .venv with puzzledb installed editable and
# its test tools. Run from anywhere; the README's second command and .ci/run both call it.
#
#   bash tests/install.sh             install what is missing
#   bash tests/install.sh --simulate  print the Debian packages it would install and let apt
#                                     simulate exactly that (apt-get install -s), nothing else
#
# PUZZLEDB_ASSUME_MISSING="chromium nginx" makes it behave as if those commands were absent,
# so a test can ask what a fresh machine would get.
set -euo pipefail
cd "$(dirname "$0")/.."

simulate=0
case "${1:-}" in
    "") ;;
    --simulate) simulate=1 ;;
    *) echo "tests/install.sh: unknown option '$1' (known: --simulate)" >&2; exit 2 ;;
esac

have() {
    case " ${PUZZLEDB_ASSUME_MISSING:-} " in *" $1 "*) return 1 ;; esac
    command -v "$1" >/dev/null 2>&1
}

packages=()
have chromium || packages+=(chromium)
have nginx || packages+=(nginx)
have npm || packages+=(npm)

if [ "$simulate" = 1 ]; then
    echo "would install: ${packages[*]:-nothing}"
    if [ "${#packages[@]}" -gt 0 ]; then
        # apt's lists may be missing on a new machine: fetch them when we may.
        if [ "$(id -u)" = 0 ]; then apt-get update -qq; fi
        apt-get install -s -y "${packages[@]}"
    fi
    exit 0
fi

if [ "${#packages[@]}" -gt 0 ]; then
    echo "installing from Debian: ${packages[*]}"
    if [ "$(id -u)" != 0 ]; then
        echo "tests/install.sh: installing ${packages[*]} needs root (apt-get)" >&2
        exit 1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}"
fi

npm install --prefix tests --no-audit --no-fund --loglevel=error
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
echo "installed: the tests run with .venv/bin/pytest"
