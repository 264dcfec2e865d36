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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several JVMs (two by default) contend for one key, with the same critical section as
 * the one-key scenario: throughput across processes, and whether one JVM starves the
 * other; once for each thread count per JVM of the settings.
 */
final class MultiJvmScenario implements Scenario {

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		int jvms = settings.jvms();
		MultiJvmRun runner = new MultiJvmRun(settings.redis(), out);
		ReportTable table = new ReportTable(
				settings.title("one key, " + jvms + " JVMs, section = lock, GET, SET+1, unlock"),
				settings.contenders());
		List<Headline> headlines = new ArrayList<>();
		boolean clean = true;
		for (int threads : settings.threadsPerJvm()) {
			Comparison<MultiJvmResult> results = Comparison.run("two-jvm " + jvms + "x" + threads + "t",
					settings.contenders(), settings.runOrder(), out,
					(name) -> runOne(runner, name, jvms, threads, settings));
			String headline = jvms + "-jvm " + jvms + "x" + threads + "t sections/s";
			table.row(headline, results.cells((r) -> ReportTable.rate(r.perSecond())),
					results.ratio(MultiJvmResult::perSecond));
			for (int i = 0; i < jvms; i++) {
				int jvm = i;
				table.row("  jvm " + (jvm + 1) + " share", results.cells((r) -> ReportTable.percent(r.share(jvm))),
						null);
			}
			table.row("  fewest/most per thread",
					results.cells((r) -> Scenario.fewestMost(r.fewestPerThread(), r.mostPerThread())), null);
			table.row("  client CPU per section", results.cells((r) -> ReportTable.micros(r.cpuMicrosPerSection())),
					results.ratio(MultiJvmResult::cpuMicrosPerSection));
			table.row("  lost updates", results.cells((r) -> ReportTable.count(r.lostUpdates())), null);
			table.row("  timeouts / errors", results.cells((r) -> Scenario.timeoutsErrors(r.timeouts(), r.errors())),
					null);
			headlines.add(Headline.ratio(headline, results.ratioValue(MultiJvmResult::perSecond)));
			clean &= !results.troubled(MultiJvmResult::troubled);
		}
		table.print(out);
		return new ScenarioOutcome(clean, headlines);
	}

	private MultiJvmResult runOne(MultiJvmRun runner, String contender, int jvms, int threads,
			HarnessSettings settings) {
		Map<String, List<String>> children = new LinkedHashMap<>();
		for (int i = 1; i <= jvms; i++) {
			children.put("jvm" + i, List.of("--role", "sections", "--threads", String.valueOf(threads)));
		}
		MultiJvmRun.Outcome outcome = runner.run(contender, children, settings.warmup(), settings.window());
		return new MultiJvmResult(outcome.lines().stream().map(ResultLine::parseLoad).toList(), outcome.counter());
	}

}
