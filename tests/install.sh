#!/usr/bin/env bash
# Installs what the test suite needs, and only what is missing: Chromium (the page's tests) and
# nginx (the proxy tests) from Debian, npm only when no `npm` command exists (Node.js from
# NodeSource brings its own and conflicts with Debian's npm package), axe-core from npm
# (tests/package.json), then a virtual environment .venv with puzzledb installed editable and
# its test tools. Run from anywhere; the README's second command and .ci/run both call it.
#
#   bash tests/install.sh             install what is missing
#   bash tests/install.sh --plan      print the Debian packages it would install, nothing else
#   bash tests/install.sh --simulate  the same, then let apt simulate exactly that install
#                                     (apt-get install -s): a conflict fails here, not on a
#                                     fresh machine
#
# PUZZLEDB_ASSUME_MISSING="chromium nginx" makes it behave as if those commands were absent,
# and PUZZLEDB_DPKG_STATUS=FILE has apt simulate against that package list (apt's
# Dir::State::status) rather than this machine's, so a test can ask what a fresh machine gets.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=install
case "${1:-}" in
    "") ;;
    --plan) mode=plan ;;
    --simulate) mode=simulate ;;
    *) echo "tests/install.sh: unknown option '$1' (known: --plan, --simulate)" >&2; exit 2 ;;
esac

have() {
    case " ${PUZZLEDB_ASSUME_MISSING:-} " in *" $1 "*) return 1 ;; esac
    command -v "$1" >/dev/null 2>&1
}

packages=()
have chromium || packages+=(chromium)
have nginx || packages+=(nginx)
have npm || packages+=(npm)

if [ "$mode" != install ]; then
    echo "would install: ${packages[*]:-nothing}"
    if [ "$mode" = simulate ] && [ "${#packages[@]}" -gt 0 ]; then
        # apt's lists may be missing on a new machine: fetch them when we may.
        if [ "$(id -u)" = 0 ]; then apt-get update -qq; fi
        status=()
        if [ -n "${PUZZLEDB_DPKG_STATUS:-}" ]; then
            status=(-o "Dir::State::status=$PUZZLEDB_DPKG_STATUS")
        fi
        apt-get install -s -y "${status[@]}" "${packages[@]}"
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
