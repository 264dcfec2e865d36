package io.github.distlock.benchmarks;

import java.io.PrintStream;

/**
 * Several JVMs (two by default) contend for one key, with the same critical section as the
 * one-key scenario: throughput across processes, and whether one JVM starves the other.
 */
final class MultiJvmScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		int jvms = settings.jvms();
		int threads = settings.threadsPerJvm();
		MultiJvmRun runner = new MultiJvmRun(settings.redis(), out);
		Comparison<MultiJvmResult> results = Comparison.run("two-jvm", settings.contenders(), settings.runOrder(), out,
				(name) -> runner.run(name, jvms, threads, settings.warmup(), settings.window()));
		ReportTable table = new ReportTable(settings.title("one key, " + jvms + " JVMs x " + threads
				+ " threads, section = lock, GET, SET+1, unlock"), settings.contenders());
		String headline = jvms + "-jvm " + jvms + "x" + threads + "t sections/s";
		table.row(headline, results.cells((r) -> ReportTable.rate(r.perSecond())),
				results.ratio(MultiJvmResult::perSecond));
		for (int i = 0; i < jvms; i++) {
			int jvm = i;
			table.row("jvm " + (jvm + 1) + " share", results.cells((r) -> ReportTable.percent(r.share(jvm))), null);
		}
		table.row("fewest/most per thread", results.cells((r) -> Scenario.fewestMost(
				r.jvms().stream().mapToLong(LoadResult::fewestPerThread).min().orElse(0),
				r.jvms().stream().mapToLong(LoadResult::mostPerThread).max().orElse(0))), null);
		table.row("lost updates", results.cells((r) -> ReportTable.count(r.lostUpdates())), null);
		table.row("timeouts / errors", results.cells((r) -> Scenario.timeoutsErrors(r.timeouts(), r.errors())), null);
		table.print(out);
		return new ScenarioOutcome(!results.troubled(MultiJvmResult::troubled), headline,
				results.ratioValue(MultiJvmResult::perSecond));
	}

}
