package io.github.distlock.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Every thread locks and unlocks its own key as fast as it can: the cost of an uncontended lock,
 * in throughput and in the client's CPU time per cycle, at each thread count of the settings.
 */
final class DistinctKeysScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		ReportTable table = new ReportTable(settings.title("distinct keys: one key per thread, lock+unlock"),
				settings.contenders());
		List<Headline> headlines = new ArrayList<>();
		boolean clean = true;
		for (int threads : settings.distinctThreads()) {
			Comparison<LoadResult> results = Comparison.run("distinct " + threads + "t", settings.contenders(),
					settings.runOrder(), out, (name) -> runOne(name, threads, settings, out));
			String rate = "distinct " + threads + "t cycles/s";
			String cpu = "distinct " + threads + "t CPU per cycle";
			table.row(rate, results.cells((r) -> ReportTable.rate(r.perSecond())),
					results.ratio(LoadResult::perSecond));
			table.row("  client CPU per cycle", results.cells((r) -> ReportTable.micros(r.cpuMicrosPerCycle())),
					results.ratio(LoadResult::cpuMicrosPerCycle));
			table.row("  client CPU used", results.cells((r) -> Scenario.cores(r.coresUsed())), null);
			table.row("  fewest/most per thread",
					results.cells((r) -> Scenario.fewestMost(r.fewestPerThread(), r.mostPerThread())), null);
			table.row("  timeouts / errors", results.cells((r) -> Scenario.timeoutsErrors(r.timeouts(), r.errors())),
					null);
			headlines.add(Headline.ratio(rate, results.ratioValue(LoadResult::perSecond)));
			headlines.add(Headline.ratio(cpu, results.ratioValue(LoadResult::cpuMicrosPerCycle)));
			clean &= !results.troubled(LoadResult::troubled);
		}
		table.print(out);
		return new ScenarioOutcome(clean, headlines);
	}

	private LoadResult runOne(String name, int threads, HarnessSettings settings, PrintStream out) {
		String namespace = "bench-distinct-" + UUID.randomUUID().toString().substring(0, 8);
		try (Contender contender = Contender.open(name, settings.redis(), namespace)) {
			LoadRun run = new LoadRun(name + "-distinct", threads, (i) -> contender.session("key-" + i),
					Workload.lockUnlock(), null);
			LoadResult result = run.run(System.currentTimeMillis(), settings.warmup(), settings.window());
			result.printProblems(name + " distinct " + threads + "t", out);
			return result;
		}
	}

}
