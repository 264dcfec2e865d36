package io.github.distlock.benchmarks;

import java.io.PrintStream;
import java.util.UUID;

/**
 * Every thread locks and unlocks its own key as fast as it can: the cost of an uncontended lock.
 */
final class DistinctKeysScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		int threads = settings.distinctThreads();
		Comparison<LoadResult> results = Comparison.run("distinct", settings.contenders(), settings.runOrder(), out,
				(name) -> runOne(name, settings, out));
		ReportTable table = new ReportTable(
				settings.title("distinct keys: " + threads + " threads, one key each, lock+unlock"),
				settings.contenders());
		String headline = "distinct " + threads + "t cycles/s";
		table.row(headline, results.cells((r) -> ReportTable.rate(r.perSecond())),
				results.ratio(LoadResult::perSecond));
		table.row("fewest/most per thread",
				results.cells((r) -> Scenario.fewestMost(r.fewestPerThread(), r.mostPerThread())), null);
		table.row("timeouts / errors", results.cells((r) -> Scenario.timeoutsErrors(r.timeouts(), r.errors())), null);
		table.print(out);
		return new ScenarioOutcome(!results.troubled(LoadResult::troubled), headline,
				results.ratioValue(LoadResult::perSecond));
	}

	private LoadResult runOne(String name, HarnessSettings settings, PrintStream out) {
		String namespace = "bench-distinct-" + UUID.randomUUID().toString().substring(0, 8);
		try (Contender contender = Contender.open(name, settings.redis(), namespace)) {
			LoadRun run = new LoadRun(name + "-distinct", settings.distinctThreads(),
					(i) -> contender.session("key-" + i), Workload.lockUnlock(), null);
			LoadResult result = run.run(System.currentTimeMillis(), settings.warmup(), settings.window());
			result.printProblems(name + " distinct", out);
			return result;
		}
	}

}
