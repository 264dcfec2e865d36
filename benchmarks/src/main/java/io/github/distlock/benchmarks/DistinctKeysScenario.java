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
import java.util.List;
import java.util.Map;

/**
 * Every thread locks and unlocks its own key as fast as it can: the cost of an
 * uncontended lock, in throughput and in the client's CPU time per cycle, at each thread
 * count of the settings. Each contender runs in a fresh child JVM, as JMH forks one per
 * benchmark: in a shared JVM the contender that runs second finds the Lettuce and Netty
 * code it shares with the first already compiled, for the first one's use.
 */
final class DistinctKeysScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		ReportTable table = new ReportTable(settings.title("distinct keys: one key per thread, lock+unlock"),
				settings.contenders());
		List<Headline> headlines = new ArrayList<>();
		boolean clean = true;
		MultiJvmRun runner = new MultiJvmRun(settings.redis(), out);
		for (int threads : settings.distinctThreads()) {
			Comparison<LoadResult> results = Comparison.run("distinct " + threads + "t", settings.contenders(),
					settings.runOrder(), out, (name) -> runOne(runner, name, threads, settings));
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

	private LoadResult runOne(MultiJvmRun runner, String contender, int threads, HarnessSettings settings) {
		MultiJvmRun.Outcome outcome = runner.run(contender,
				Map.of("distinct", List.of("--role", "distinct", "--threads", String.valueOf(threads))),
				settings.warmup(), settings.window());
		return ResultLine.parseLoad(outcome.lines().get(0));
	}

}
