/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The harness's command-line settings.
 *
 * @param redis the address of an existing Redis server, or {@code null} to start one
 * @param warmup run time before each measured window
 * @param window length of each measured window
 * @param distinctThreads thread counts of the distinct-keys scenario, each run in turn
 * @param oneKeyThreads threads of the one-key scenario
 * @param jvms child JVMs of the multi-JVM scenario
 * @param threadsPerJvm threads in each child JVM of the multi-JVM scenario, each count
 * run in turn
 * @param watchdogLocks locks the watchdog scenario takes and holds
 * @param scenarios the scenarios to run, in order
 * @param contenders the contenders to run, in the order of the tables' columns
 * @param rounds how many times every scenario runs
 * @param round the current round, from 1
 */
record HarnessSettings(RedisAddress redis, Duration warmup, Duration window, List<Integer> distinctThreads,
		int oneKeyThreads, int jvms, List<Integer> threadsPerJvm, int watchdogLocks, List<String> scenarios,
		List<String> contenders, int rounds, int round) {

	static final String USAGE = """
			Usage: LockLoadHarness [options]
			  --seconds N              measured seconds per scenario and contender (default 10)
			  --warmup N               warm-up seconds before each measurement, not counted (default 5)
			  --redis host:port        use this Redis instead of starting a redis-server
			  --distinct-threads LIST  thread counts of the distinct scenario, one key per thread (default 1,8,64)
			  --one-key-threads N      threads of the one-key scenario (default 64)
			  --jvms N                 child JVMs of the two-jvm scenario (default 5)
			  --threads-per-jvm LIST   threads in each child JVM of the two-jvm scenario, per run (default 4,32)
			  --watchdog-locks N       watchdog-mode locks the watchdog scenario takes and holds (default 100000)
			  --scenarios LIST         any of distinct,one-key,two-jvm,fairness,watchdog (default all)
			  --contenders LIST        any of raw,distlock,distlock-metered (default raw,distlock; watchdog runs
			                           distlock only); ratios are the second's figures to the first's
			  --rounds N               rounds of all scenarios; the contenders' order alternates (default 1)
			""";

	private static final Set<String> OPTIONS = Set.of("seconds", "warmup", "redis", "distinct-threads",
			"one-key-threads", "jvms", "threads-per-jvm", "watchdog-locks", "scenarios", "contenders", "rounds");

	static final List<String> ALL_SCENARIOS = List.of("distinct", "one-key", "two-jvm", "fairness", "watchdog");

	static HarnessSettings parse(String[] args) {
		Arguments arguments = new Arguments(args, OPTIONS);
		String redis = arguments.string("redis", null);
		List<String> scenarios = arguments.list("scenarios", String.join(",", ALL_SCENARIOS));
		for (String scenario : scenarios) {
			if (!ALL_SCENARIOS.contains(scenario)) {
				throw new IllegalArgumentException(
						"Unknown scenario '" + scenario + "'; expected any of " + ALL_SCENARIOS);
			}
		}
		List<String> contenders = arguments.list("contenders", RawLettuceContender.NAME + "," + DistlockContender.NAME);
		for (String contender : contenders) {
			if (!Contender.NAMES.contains(contender)) {
				throw new IllegalArgumentException(
						"Unknown contender '" + contender + "'; expected any of " + Contender.NAMES);
			}
		}
		return new HarnessSettings((redis != null) ? RedisAddress.parse(redis) : null,
				arguments.seconds("warmup", 5, true), arguments.seconds("seconds", 10, false),
				arguments.positiveInts("distinct-threads", "1,8,64"), arguments.positiveInt("one-key-threads", 64),
				arguments.positiveInt("jvms", 2), arguments.positiveInts("threads-per-jvm", "4,32"),
				arguments.positiveInt("watchdog-locks", 100_000), scenarios, contenders,
				arguments.positiveInt("rounds", 1), 1);
	}

	/**
	 * Returns the settings with the given Redis address.
	 * @param address where Redis listens
	 * @return the settings
	 */
	HarnessSettings withRedis(RedisAddress address) {
		return new HarnessSettings(address, this.warmup, this.window, this.distinctThreads, this.oneKeyThreads,
				this.jvms, this.threadsPerJvm, this.watchdogLocks, this.scenarios, this.contenders, this.rounds,
				this.round);
	}

	/**
	 * Returns the settings for the given round.
	 * @param round the round, from 1 to {@link #rounds()}
	 * @return the settings
	 */
	HarnessSettings forRound(int round) {
		return new HarnessSettings(this.redis, this.warmup, this.window, this.distinctThreads, this.oneKeyThreads,
				this.jvms, this.threadsPerJvm, this.watchdogLocks, this.scenarios, this.contenders, this.rounds, round);
	}

	/**
	 * Returns the order in which the contenders run in this round: as given in odd rounds
	 * and reversed in even ones, so that over an even number of rounds each runs first
	 * equally often and neither gains from drift on a shared machine or from going
	 * second.
	 * @return the contenders, in run order
	 */
	List<String> runOrder() {
		if (this.round % 2 == 1) {
			return this.contenders;
		}
		List<String> reversed = new ArrayList<>(this.contenders);
		Collections.reverse(reversed);
		return reversed;
	}

	/**
	 * Returns a table title: what the scenario does, the timing and, with several rounds,
	 * the round.
	 * @param subject what the scenario does
	 * @return for example
	 * {@code one key, one JVM: 64 threads (10 s measured after 2 s warm-up), round 2 of 3}
	 */
	String title(String subject) {
		return roundTitle(subject + " (" + timing() + ")");
	}

	/**
	 * Returns a table title without the timing, for a scenario that does not use it.
	 * @param subject what the scenario does
	 * @return the subject, with the round when there are several
	 */
	String roundTitle(String subject) {
		return (this.rounds > 1) ? subject + ", round " + this.round + " of " + this.rounds : subject;
	}

	/**
	 * Describes the timing, for table titles.
	 * @return for example {@code 10 s measured after 2 s warm-up}
	 */
	String timing() {
		return seconds(this.window) + " s measured after " + seconds(this.warmup) + " s warm-up";
	}

	private static String seconds(Duration duration) {
		long millis = duration.toMillis();
		return (millis % 1000 == 0) ? String.valueOf(millis / 1000) : String.valueOf(millis / 1000.0);
	}

}
