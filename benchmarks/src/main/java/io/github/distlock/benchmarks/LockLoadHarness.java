package io.github.distlock.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

import io.github.distlock.test.redis.RedisServer;

/**
 * Load harness comparing distlock with a raw Lettuce lock loop. Runs every scenario for both
 * contenders, one after the other, against the same Redis server, and prints a table per
 * scenario with the ratio distlock / raw. With {@code --rounds N} it does all that N times,
 * reversing the contenders' order every second round, and ends with a summary of each
 * scenario's headline ratio over the rounds. It starts its own {@code redis-server} unless
 * {@code --redis host:port} is given; see {@link HarnessSettings#USAGE} for the options.
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
			Map<String, List<ScenarioOutcome>> outcomes = new LinkedHashMap<>();
			for (int round = 1; round <= resolved.rounds(); round++) {
				HarnessSettings current = resolved.forRound(round);
				for (String name : current.scenarios()) {
					ScenarioOutcome outcome = Scenario.named(name).run(current, out);
					if (!outcome.clean()) {
						troubled.add(name);
					}
					outcomes.computeIfAbsent(name, (key) -> new ArrayList<>()).add(outcome);
				}
			}
			if (resolved.rounds() > 1 && ReportTable.comparesBoth(resolved.contenders())) {
				printSummary(resolved.rounds(), outcomes.values(), out);
			}
			return troubled;
		}
		finally {
			if (server != null) {
				server.close();
			}
		}
	}

	/**
	 * Prints each scenario's headline ratio in every round and their spread, which says more
	 * than any one round on a noisy machine. Rounds in which a contender failed are left out.
	 * @param rounds the number of rounds
	 * @param outcomes each scenario's outcomes, in round order
	 * @param out where to print
	 */
	private static void printSummary(int rounds, Collection<List<ScenarioOutcome>> outcomes, PrintStream out) {
		out.println("summary over " + rounds
				+ " rounds (distlock/raw; the contenders' run order alternated from round to round)");
		for (List<ScenarioOutcome> scenario : outcomes) {
			double[] ratios = scenario.stream()
				.map(ScenarioOutcome::ratio)
				.filter(OptionalDouble::isPresent)
				.mapToDouble(OptionalDouble::getAsDouble)
				.toArray();
			out.println(ReportTable.summaryRow(scenario.get(0).headline(), ratios));
		}
	}

}
