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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The stores side by side in one run: on each store, its best known peer (the baseline)
 * and distlock take one key with many threads, and distinct keys, one per thread, in
 * turns over a few rounds. A critical section increments a plain counter of this JVM, so
 * a lock that let two threads in shows as lost updates. Prints one line per store and
 * contender (median rates), and distlock's ratio to the baseline of its store (the median
 * of the rounds' ratios). <pre>
 * --seconds N            measured seconds per figure and round (default 6)
 * --warmup N             warm-up seconds before each (default 3)
 * --one-key-threads N    threads on the one key (default 64)
 * --distinct-threads L   thread counts of the distinct-keys runs (default 8,64)
 * --stores L             any of redis,jdbc,zookeeper (default all)
 * --rounds N             rounds per figure, the contenders taking turns (default 3)
 * </pre>
 */
public final class StoreComparisonBenchmark {

	private static final List<String> STORES = List.of("redis", "jdbc", "zookeeper");

	private final Duration warmup;

	private final Duration window;

	private final int oneKeyThreads;

	private final List<Integer> distinctThreads;

	private final int rounds;

	private final PrintStream out = System.out;

	private StoreComparisonBenchmark(Arguments arguments) {
		this.warmup = arguments.seconds("warmup", 3, true);
		this.window = arguments.seconds("seconds", 6, false);
		this.oneKeyThreads = arguments.positiveInt("one-key-threads", 64);
		this.distinctThreads = arguments.positiveInts("distinct-threads", "8,64");
		this.rounds = arguments.positiveInt("rounds", 3);
	}

	public static void main(String[] args) {
		Arguments arguments = new Arguments(args,
				Set.of("seconds", "warmup", "one-key-threads", "distinct-threads", "stores", "rounds"));
		List<String> stores = arguments.list("stores", String.join(",", STORES));
		StoreComparisonBenchmark benchmark = new StoreComparisonBenchmark(arguments);
		long started = System.nanoTime();
		List<String> lines = new ArrayList<>();
		for (String store : stores) {
			try (StoreUnderTest underTest = start(store)) {
				lines.addAll(benchmark.compare(underTest));
			}
		}
		benchmark.out.println();
		benchmark.out.println(benchmark.header());
		lines.forEach(benchmark.out::println);
		benchmark.out.printf("%nwhole run: %.0f s%n", (System.nanoTime() - started) / 1e9);
	}

	private static StoreUnderTest start(String store) {
		Supplier<StoreUnderTest> starter = switch (store) {
			case "redis" -> RedisUnderTest::new;
			case "jdbc" -> JdbcUnderTest::new;
			case "zookeeper" -> ZooKeeperUnderTest::new;
			default -> throw new IllegalArgumentException("Unknown store '" + store + "'; expected any of " + STORES);
		};
		return starter.get();
	}

	/**
	 * Both contenders on one store, taking turns: each figure is measured in several
	 * rounds, the contenders alternating which goes first, so that a machine's drift
	 * falls on both alike. Returns their lines (median rates), then distlock's ratios
	 * (median of each round's ratio).
	 */
	private List<String> compare(StoreUnderTest store) {
		List<Contender> contenders = store.contenders("bench-" + UUID.randomUUID().toString().substring(0, 8));
		try {
			int figures = 1 + this.distinctThreads.size();
			double[][][] rates = new double[contenders.size()][figures][this.rounds];
			long[] lost = new long[contenders.size()];
			for (int round = 0; round < this.rounds; round++) {
				for (int turn = 0; turn < contenders.size(); turn++) {
					int index = (round % 2 == 0) ? turn : contenders.size() - 1 - turn;
					Contender contender = contenders.get(index);
					this.out.println("round " + (round + 1) + " of " + this.rounds + ": " + store.name() + " / "
							+ contender.name() + " ...");
					lost[index] += oneKey(contender, rates[index][0], round);
					for (int i = 0; i < this.distinctThreads.size(); i++) {
						rates[index][i + 1][round] = distinct(contender, this.distinctThreads.get(i)).perSecond();
					}
				}
			}
			List<String> lines = new ArrayList<>();
			for (int index = 0; index < contenders.size(); index++) {
				double[] medians = new double[figures];
				for (int figure = 0; figure < figures; figure++) {
					medians[figure] = Median.of(rates[index][figure]);
				}
				lines.add(line(store.name(), contenders.get(index).name(), medians, "lost updates " + lost[index]));
			}
			lines.add(line(store.name(), "ratio", ratios(rates[1], rates[0]), ""));
			return lines;
		}
		finally {
			contenders.forEach(Contender::close);
		}
	}

	/**
	 * The median over rounds of each figure's ratio, distlock's to the baseline's of the
	 * same round.
	 */
	private double[] ratios(double[][] distlock, double[][] baseline) {
		double[] ratios = new double[distlock.length];
		for (int figure = 0; figure < ratios.length; figure++) {
			double[] perRound = new double[this.rounds];
			for (int round = 0; round < this.rounds; round++) {
				perRound[round] = distlock[figure][round] / baseline[figure][round];
			}
			ratios[figure] = Median.of(perRound);
		}
		return ratios;
	}

	/** Fills in the round's rate; returns the updates lost. */
	private long oneKey(Contender contender, double[] rates, int round) {
		long[] counter = new long[1];
		LoadRun run = new LoadRun(contender.name() + "-one-key", this.oneKeyThreads, (i) -> contender.session("one"),
				(session) -> {
					if (!session.acquire()) {
						return false;
					}
					try {
						// a read and a write apart, as a service's read-modify-write:
						// lost under a broken lock
						long read = counter[0];
						counter[0] = read + 1;
					}
					finally {
						session.release();
					}
					return true;
				}, null);
		LoadResult result = run.run(System.currentTimeMillis(), this.warmup, this.window);
		result.printProblems(contender.name() + " one-key", this.out);
		rates[round] = result.perSecond();
		return result.totalCycles() - counter[0];
	}

	private LoadResult distinct(Contender contender, int threads) {
		LoadRun run = new LoadRun(contender.name() + "-distinct", threads, (i) -> contender.session("key-" + i),
				Workload.lockUnlock(), null);
		LoadResult result = run.run(System.currentTimeMillis(), this.warmup, this.window);
		result.printProblems(contender.name() + " distinct " + threads + "t", this.out);
		return result;
	}

	private String header() {
		StringBuilder header = new StringBuilder(
				String.format("%-10s %-20s %16s", "store", "contender", "one key " + this.oneKeyThreads + "t/s"));
		this.distinctThreads.forEach((threads) -> header.append(String.format(" %16s", "distinct " + threads + "t/s")));
		return header.toString();
	}

	private static String line(String store, String contender, double[] figures, String note) {
		StringBuilder line = new StringBuilder(String.format("%-10s %-20s", store, contender));
		for (double figure : figures) {
			line.append(String.format(" %16s",
					contender.equals("ratio") ? ReportTable.ratio(figure) : ReportTable.rate(figure)));
		}
		return line.append("  ").append(note).toString().stripTrailing();
	}

}
