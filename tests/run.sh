#!/usr/bin/env bash
# The whole suite in two runs, so that the fast tier's own time is printed where CI shows it:
# first the fast tier (what to run while working: docs/architecture.md, "The tests"), then the
# page, cluster and slow tests. Arguments go to both runs. `.venv/bin/pytest` alone runs
# everything in one run, as fast, but says nothing of the tiers.
set -uo pipefail
cd "$(dirname "$0")/.."
fast='not page and not cluster and not slow'
began=$SECONDS
# pytest's 5 is "no tests collected": a selection (a file given) may hold no test of a tier.
.venv/bin/pytest -m "$fast" "$@"
first=$?
((first == 5)) && first=0
fast_seconds=$((SECONDS - began))
.venv/bin/pytest -m "not ($fast)" "$@"
second=$?
((second == 5)) && second=0
echo "the fast tier took ${fast_seconds} s (exit ${first}); the page, cluster and slow tests $((SECONDS - began - fast_seconds)) s (exit ${second})"
if ((first != 0)); then exit "$first"; fi
exit "$second"
