#!/usr/bin/env bash
#
# The exploration's power check (PROTOCOL.md, "Time and exploration"): puts back, one at a time,
# a defect the core once had (scripts/power-check/<defect>.patch), and lets ExplorationTests search
# random seeds for it, as CI does, until it breaks an invariant or the budget runs out.
#
# Each defect is tried in a scratch git worktree of HEAD (removed afterwards), ROUNDS times from a
# fresh random seed. Prints, per defect and round, the run (seed count) at which the exploration
# found it and the failing seed, or that it did not within the budget. A defect of the ZooKeeper
# locker's own (zookeeper-*.patch) is looked for by its contract test, whose Exploration runs the
# workload in real time (a nested class of the abstract contract: -Dtest names both); a concurrency
# defect of one core class (fray-<class>-*.patch) by that class's Fray interleaving tests
# (<Class>InterleavingTests), which report the iteration that found it (Fray's log), or, for a lost
# wake-up that leaves threads parked, the fork's timeout.
#
# Usage: scripts/power-check.sh [defect...]   (all patches by default)
# Settings (environment): SECONDS_PER_ROUND (180), ROUNDS (3), MVN_FLAGS (e.g. -o).

set -euo pipefail

cd "$(dirname "$0")/.."

SECONDS_PER_ROUND=${SECONDS_PER_ROUND:-180}
ROUNDS=${ROUNDS:-3}
MVN_FLAGS=${MVN_FLAGS:-}

if [ $# -eq 0 ]; then
	set -- $(ls scripts/power-check/*.patch | xargs -n1 basename | sed 's/\.patch$//')
fi

for defect in "$@"; do
	scratch=$(mktemp -d)/power-check
	git worktree add -q --detach "$scratch" HEAD
	git -C "$scratch" apply "$PWD/scripts/power-check/$defect.patch"
	for round in $(seq 1 "$ROUNDS"); do
		if [[ $defect == zookeeper-* ]]; then
			# A defect of the ZooKeeper locker's own: the real-time exploration of its contract test.
			# Surefire's XML report keeps every nested class's failures; its text report only the last class's.
			report="$scratch/lock-zookeeper/target/surefire-reports/TEST-io.github.distlock.zookeeper.ZooKeeperLockerContractTests.xml"
			rm -f "$report"
			(cd "$scratch" && ./mvnw -B -ntp -q $MVN_FLAGS -pl lock-zookeeper -am verify -DskipITs \
				-Dtest='ZooKeeperLockerContractTests,AbstractLockerContractTests$Exploration' -Dsurefire.failIfNoSpecifiedTests=false >/dev/null 2>&1) || true
			broke=$(grep -o '<failure message="[^"]*' "$report" 2>/dev/null | head -1 | sed 's/<failure message="//; s/&#10;/ /g' | cut -c1-200 || true)
			echo "$defect round $round: ${broke:+found in one real-time run: }${broke:-not found in one real-time run}"
			continue
		fi
		if [[ $defect == fray-* ]]; then
			# fray-local-lock-... is looked for by LocalLockInterleavingTests, and so on.
			class=$(echo "$defect" | sed -E 's/^fray-(local-lock|release-notices|lease-keeper|deferred-release|holding-handle)-.*/\1/' \
				| sed -E 's/(^|-)([a-z])/\U\2/g; s/DeferredRelease$/DeferredReleases/')InterleavingTests
			log="$scratch/lock-spring-boot-autoconfigure/target/fray/report/fray.log"
			rm -f "$log"
			start=$(date +%s)
			output=$(cd "$scratch" && ./mvnw -B -ntp $MVN_FLAGS -pl lock-spring-boot-autoconfigure -am verify -DskipITs \
				-Dtest="$class" -Dsurefire.failIfNoSpecifiedTests=false 2>&1 || true)
			found=$(grep -o 'Error found at iter: [0-9]*' "$log" 2>/dev/null | head -1 || true)
			if [ -z "$found" ] && grep -q 'There was a timeout in the fork' <<<"$output"; then
				found="threads left parked until the fork's timeout (a lost wake-up)"
			fi
			echo "$defect round $round ($class, $(( $(date +%s) - start )) s): ${found:-not found}"
			continue
		fi
		report="$scratch/lock-test-support/target/surefire-reports/io.github.distlock.core.ExplorationTests.txt"
		rm -f "$report"
		(cd "$scratch" && ./mvnw -B -ntp -q $MVN_FLAGS -pl lock-test-support -am verify -DskipITs \
			-Dtest='ExplorationTests#noSeedBreaksAnInvariant' -Dsurefire.failIfNoSpecifiedTests=false \
			-Dexploration.seconds="$SECONDS_PER_ROUND" >/dev/null 2>&1) || true
		found=$(grep -o 'Run [0-9]* from seed [-0-9]*: Exploration seed [-0-9]*' "$report" 2>/dev/null | head -1 || true)
		broke=$(grep -o 'broke an invariant after [0-9]* steps: [^]]*' "$report" 2>/dev/null | head -1 | cut -c1-200 || true)
		if [ -n "$found" ]; then
			echo "$defect round $round: found at $found; $broke"
		else
			echo "$defect round $round: not found in $SECONDS_PER_ROUND s"
		fi
	done
	git worktree remove --force "$scratch"
done
