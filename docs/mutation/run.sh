#!/bin/sh
# The mutation check (docs/testing.md#the-mutation-check): for every break in
# breaks.txt, copy the worktree to a scratch directory, make that one change
# in the engine, run the targeted tests of package rules (the whole-game
# checks skipped) and report which tests fail. A break that no targeted test
# catches is reported as SURVIVED. The worktree itself is never changed.
#
#   docs/mutation/run.sh [NAME-REGEX]      (from the repository root)
#   MUTATION_ALL=1 docs/mutation/run.sh [NAME-REGEX]
#
# breaks.txt: one break per line, fields separated by " | ":
#   name | file | old text | new text | test that must catch it (regex)
# "old text" must occur exactly once in the file; \n and \t are escapes.
set -eu
root=$(pwd)
list="$root/docs/mutation/breaks.txt"
only=${1:-.}
# Whole-game checks: golden replays and tests that replay the example
# records, random games, fuzz seeds, examples.
skip='^(TestLogGolden|TestEventsCarryTheirAction|TestRecordBOMAndCRLF|TestRecordStreamsFailFast|TestRecordTornLastLine|TestReplayIsExact|TestRandomGames.*|TestExamples|TestRunRecordGolden|TestRunRecordPartial|TestReplayReader|TestAtEqualsReplay|TestLegalIsExactlyWhatCheckAccepts|TestStateRoundTripsThroughJSON|TestGarbageActionsNeverPanic|Fuzz.*|Example.*)$'
# MUTATION_ALL=1 runs every test instead (to see whether a break the
# targeted tests miss is caught by a whole-game check at all).
if [ "${MUTATION_ALL:-}" = 1 ]; then skip='^$'; fi
scratch=$(mktemp -d /tmp/mut-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
grep -v '^#' "$list" | grep -v '^ *$' | grep -E -- "^($only)" | while IFS= read -r line; do
	name=$(printf '%s' "$line" | awk -F' [|] ' '{print $1}')
	expect=$(printf '%s' "$line" | awk -F' [|] ' '{print $5}')
	rm -rf "$scratch/src"; mkdir -p "$scratch/src"
	(cd "$root" && tar --exclude=.git -cf - .) | (cd "$scratch/src" && tar xf -)
	if ! where=$(printf '%s' "$line" | python3 -c '
import sys
f = sys.stdin.read().split(" | ")
path, old, new = f[1], f[2].replace("\\n", "\n").replace("\\t", "\t"), f[3].replace("\\n", "\n").replace("\\t", "\t")
p = sys.argv[1] + "/" + path
s = open(p).read()
if s.count(old) != 1:
    sys.exit("%s: %r occurs %d times in %s" % (f[0], old, s.count(old), path))
print("%s:%d" % (path, s[:s.index(old)].count("\n") + 1))
open(p, "w").write(s.replace(old, new))
' "$scratch/src"); then
		echo "$name: BAD BREAK (text not found once)"; continue
	fi
	out=$(cd "$scratch/src" && go test -count=1 -skip "$skip" ./rules/ 2>&1 || true)
	failed=$(printf '%s\n' "$out" | sed -n 's/^--- FAIL: \([A-Za-z0-9_]*\).*/\1/p' | sort -u | tr '\n' ' ')
	if printf '%s\n' "$out" | grep -q '^FAIL.*\[build failed\]'; then
		echo "$name ($where): BUILD FAILED"; printf '%s\n' "$out" | head -5
	elif printf '%s' " $failed" | grep -Eq " ($expect) "; then
		echo "$name ($where): caught by $failed"
	elif [ -n "$failed" ]; then
		echo "$name ($where): caught, but not by $expect: $failed"
	else
		echo "$name ($where): SURVIVED"
	fi
done
