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
import java.util.List;
import java.util.UUID;
import java.util.function.ToDoubleFunction;

import io.github.distlock.benchmarks.HandoffTimer.Handoffs;

/**
 * All threads of one JVM contend for one key; each critical section reads and writes a
 * shared counter. Measures throughput, starvation, lost updates and the lock's hand-off
 * latency.
 */
final class OneKeyScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		int threads = settings.oneKeyThreads();
		Comparison<Result> results = Comparison.run("one-key", settings.contenders(), settings.runOrder(), out,
				(name) -> runOne(name, settings, out));
		ReportTable table = new ReportTable(
				settings.title("one key, one JVM: " + threads + " threads, section = lock, GET, SET+1, unlock"),
				settings.contenders());
		String headline = "one-key " + threads + "t sections/s";
		ToDoubleFunction<Result> perSecond = (r) -> r.load().perSecond();
		table.row(headline, results.cells((r) -> ReportTable.rate(r.load().perSecond())), results.ratio(perSecond));
		table.row("client CPU per section", results.cells((r) -> ReportTable.micros(r.load().cpuMicrosPerCycle())),
				results.ratio((r) -> r.load().cpuMicrosPerCycle()));
		table.row("fewest/most per thread",
				results.cells((r) -> Scenario.fewestMost(r.load().fewestPerThread(), r.load().mostPerThread())),
				results.ratio((r) -> r.load().fairness()));
		table.row("lost updates", results.cells((r) -> ReportTable.count(r.lostUpdates())), null);
		table.row("timeouts / errors",
				results.cells((r) -> Scenario.timeoutsErrors(r.load().timeouts(), r.load().errors())), null);
		table.row("hand-offs measured", results.cells((r) -> ReportTable.count(r.handoff().micros().getTotalCount())),
				null);
		table.row("  back to the releaser", results.cells((r) -> ReportTable.percent(r.handoff().sameThreadShare())),
				null);
		for (double percentile : new double[] { 50, 90, 99 }) {
			table.row("hand-off p" + (int) percentile,
					results.cells((r) -> ReportTable.micros(r.handoff().micros().getValueAtPercentile(percentile))),
					results.ratio((r) -> r.handoff().micros().getValueAtPercentile(percentile)));
		}
		table.print(out);
		return new ScenarioOutcome(!results.troubled((r) -> r.load().troubled() || r.lostUpdates() != 0),
				List.of(Headline.ratio(headline, results.ratioValue(perSecond))));
	}

	private Result runOne(String name, HarnessSettings settings, PrintStream out) {
		String namespace = "bench-one-key-" + UUID.randomUUID().toString().substring(0, 8);
		HandoffTimer handoff = new HandoffTimer();
		try (Contender contender = Contender.open(name, settings.redis(), namespace);
				SharedCounter counter = new SharedCounter(settings.redis(), namespace + "-counter")) {
			counter.reset();
			LoadRun load = new LoadRun(name + "-one-key", settings.oneKeyThreads(), (i) -> contender.session("lock"),
					Workload.criticalSection(counter, handoff), handoff);
			LoadResult result = load.run(System.currentTimeMillis(), settings.warmup(), settings.window());
			result.printProblems(name + " one-key", out);
			return new Result(result, counter.value());
		}
	}

	/**
	 * One contender's figures.
	 *
	 * @param load the load run's figures, hand-off times included
	 * @param counter the shared counter's final value
	 */
	record Result(LoadResult load, long counter) {

		long lostUpdates() {
			return this.load.totalCycles() - this.counter;
		}

		Handoffs handoff() {
			return this.load.handoff();
		}

	}

}
