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

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.distlock.test.redis.RedisServer;

/**
 * Load harness comparing distlock with a raw Lettuce lock loop (or distlock with and
 * without metrics). Runs every scenario for each contender, one after the other, against
 * the same Redis server, and prints a table per scenario with the ratio of the second
 * contender to the first (distlock / raw by default). With {@code --rounds N} it does all
 * that N times, reversing the contenders' order every second round. It ends with a
 * summary of each scenario's headline figures over the rounds. It starts its own
 * {@code redis-server} unless {@code --redis host:port} is given; see
 * {@link HarnessSettings#USAGE} for the options.
 */
public final class LockLoadHarness {

	private LockLoadHarness() {
	}

	public static void main(String[] args) {
		if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
			System.out.print(HarnessSettings.USAGE);
			return;
		}
		HarnessSettings settings;
		try {
			settings = HarnessSettings.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.print(HarnessSettings.USAGE);
			throw ex;
		}
		Set<String> troubled = run(settings, System.out);
		if (!troubled.isEmpty()) {
			throw new IllegalStateException("Scenario(s) " + troubled
					+ " had failures, timeouts, errors, hung threads or lost updates; see above");
		}
	}

	private static Set<String> run(HarnessSettings settings, PrintStream out) {
		RedisServer server = (settings.redis() == null) ? RedisServer.start() : null;
		try {
			HarnessSettings resolved = (server != null)
					? settings.withRedis(new RedisAddress(server.host(), server.port())) : settings;
			out.println("distlock load harness: Redis " + resolved.redis() + ((server != null) ? " (started here)" : "")
					+ ", Java " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, "
					+ resolved.timing() + ", contenders " + resolved.contenders()
					+ ((resolved.rounds() > 1) ? ", " + resolved.rounds() + " rounds" : ""));
			Set<String> troubled = new LinkedHashSet<>();
			long start = System.nanoTime();
			Map<String, List<Headline>> headlines = runRounds(resolved, troubled, out);
			printSummary(resolved.rounds(), resolved.contenders(), headlines.values(), out);
			out.println("whole run took " + ReportTable.seconds((System.nanoTime() - start) / 1e9));
			return troubled;
		}
		finally {
			if (server != null) {
				server.close();
			}
		}
	}

	/**
	 * Runs every scenario in every round.
	 * @param settings the settings, with the Redis address
	 * @param troubled collects the names of scenarios that had a problem in any round
	 * @param out where to print
	 * @return each headline figure in every round, by label, in the order first seen
	 */
	private static Map<String, List<Headline>> runRounds(HarnessSettings settings, Set<String> troubled,
			PrintStream out) {
		Map<String, List<Headline>> headlines = new LinkedHashMap<>();
		for (int round = 1; round <= settings.rounds(); round++) {
			HarnessSettings current = settings.forRound(round);
			for (String name : current.scenarios()) {
				ScenarioOutcome outcome = Scenario.named(name).run(current, out);
				if (!outcome.clean()) {
					troubled.add(name);
				}
				outcome.headlines()
					.forEach((headline) -> headlines.computeIfAbsent(headline.label(), (key) -> new ArrayList<>())
						.add(headline));
			}
		}
		return headlines;
	}

	/**
	 * Prints each headline figure in every round and their spread, which says more than
	 * any one round on a noisy machine. Rounds in which a contender a figure needs failed
	 * are left out.
	 * @param rounds the number of rounds
	 * @param headlines each figure in every round, in round order
	 * @param out where to print
	 */
	private static void printSummary(int rounds, List<String> contenders, Collection<List<Headline>> headlines,
			PrintStream out) {
		String ratio = (contenders.size() < 2) ? "" : contenders.get(1) + "/" + contenders.get(0) + "; ";
		out.println("summary over " + rounds + ((rounds > 1) ? " rounds" : " round") + " (ratios are " + ratio
				+ "the contenders' run order alternated from round to round)");
		for (List<Headline> figure : headlines) {
			out.println(ReportTable.summaryRow(figure));
		}
	}

}
