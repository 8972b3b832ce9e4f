#!/usr/bin/env bash
# The Swift tests as `make test` runs them, after `swift build --build-tests`: every test on SQLite
# (saving the pages it renders to $PAGE_ARCHIVE when set) and, at the same time, the application's
# tests (RailbookTests) again on PostgreSQL. Each pass is one test process that keeps about one core
# busy, so on two cores both together take little longer than the PostgreSQL pass alone.
#
# Both run the built test bundle directly (`swift test` would wait for the other to release
# `.build`). Each line of output carries its pass's name; at the end each pass's summary and
# failures are printed again, and the script fails when either pass failed.
# `Tests/swift-tests.sh sqlite` or `Tests/swift-tests.sh postgresql` runs one pass.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then passes=("$@"); else passes=(sqlite postgresql); fi
bundle="$(swift build --show-bin-path)/RailbookPackageTests.xctest"
[ -x "$bundle" ] || { echo "swift-tests.sh: no $bundle; run swift build --build-tests first" >&2; exit 1; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The bundle runs the test classes it is given, comma-separated, not a module: RailbookTests'
# classes, from its own list.
application_classes() {
  "$bundle" --list-tests | sed -n 's|^\(RailbookTests\.[^/]*\)/.*|\1|p' | sort -u | paste -s -d ,
}

run_pass() {
  local pass=$1
  case "$pass" in
    sqlite) RAILBOOK_PAGE_ARCHIVE="${PAGE_ARCHIVE:-}" "$bundle" ;;
    postgresql) RAILBOOK_TEST_DATABASE=postgresql RAILBOOK_PAGE_ARCHIVE='' "$bundle" "$(application_classes)" ;;
    *) echo "unknown pass $pass (sqlite or postgresql)" >&2; return 2 ;;
  esac 2>&1 | tee "$logs/$pass.log" | sed -u "s/^/[$pass] /"
}

declare -A pids
for pass in "${passes[@]}"; do
  run_pass "$pass" &
  pids[$pass]=$!
done
failed=0
declare -A status
for pass in "${passes[@]}"; do
  wait "${pids[$pass]}"
  status[$pass]=$?
  [ "${status[$pass]}" = 0 ] || failed=1
done

echo
for pass in "${passes[@]}"; do
  summary=$(grep -E '^[[:space:]]+Executed [0-9]+ tests' "$logs/$pass.log" | tail -n 1 | sed 's/^[[:space:]]*//')
  echo "$pass: ${summary:-no summary (the test process ended early)}, exit ${status[$pass]}"
  grep -E ': error: |Test Case .* failed|Fatal error' "$logs/$pass.log" | sed "s/^/  /" || true
done
exit $failed
