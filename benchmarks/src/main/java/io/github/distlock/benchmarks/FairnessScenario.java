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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fairness experiment of the issue, in two child JVMs started together: JVM A runs
 * four threads that take the key, work 50 ms and release it, again and again; JVM B asks
 * for the key with a 1 s wait, 150 ms after the end of each try. How often does B get the
 * lock, how long does it wait, and what does that cost A?
 */
final class FairnessScenario implements Scenario {

	static final int HOLDER_THREADS = 4;

	static final Duration WORK = Duration.ofMillis(50);

	static final Duration PROBE_WAIT = Duration.ofSeconds(1);

	static final Duration PROBE_PAUSE = Duration.ofMillis(150);

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		MultiJvmRun runner = new MultiJvmRun(settings.redis(), out);
		Comparison<FairnessResult> results = Comparison.run("fairness", settings.contenders(), settings.runOrder(), out,
				(name) -> runOne(runner, name, settings));
		ReportTable table = new ReportTable(settings.title("fairness: JVM A " + HOLDER_THREADS + " threads lock, "
				+ WORK.toMillis() + " ms work, unlock; JVM B asks with a " + PROBE_WAIT.toSeconds() + " s wait, "
				+ PROBE_PAUSE.toMillis() + " ms after each try"), settings.contenders());
		table.row("A sections/s", results.cells((r) -> ReportTable.rate(r.holders().perSecond())),
				results.ratio((r) -> r.holders().perSecond()));
		table.row("B tries", results.cells((r) -> ReportTable.count(r.prober().tries())), null);
		table.row("B got the lock", results.cells((r) -> ReportTable.count(r.prober().successes()) + " ("
				+ ReportTable.percent(r.prober().successShare()) + ")"), null);
		table.row("B wait p50 (got it)", results.cells((r) -> ReportTable.millis(r.proberMedianMillis())),
				results.ratio(FairnessResult::proberMedianMillis));
		table.row("B wait p90 (got it)", results.cells((r) -> ReportTable.millis(r.proberP90Millis())),
				results.ratio(FairnessResult::proberP90Millis));
		table.row("B wait max (got it)", results.cells((r) -> ReportTable.millis(r.proberMaxMillis())), null);
		table.row("lost updates", results.cells((r) -> ReportTable.count(r.lostUpdates())), null);
		table.row("A timeouts / errors",
				results.cells((r) -> Scenario.timeoutsErrors(r.holders().timeouts(), r.holders().errors())), null);
		table.row("B errors", results.cells((r) -> ReportTable.count(r.prober().errors())), null);
		table.print(out);
		return new ScenarioOutcome(!results.troubled(FairnessResult::troubled), headlines(settings, results));
	}

	private static List<Headline> headlines(HarnessSettings settings, Comparison<FairnessResult> results) {
		List<Headline> headlines = new ArrayList<>();
		headlines.add(Headline.ratio("fairness A sections/s", results.ratioValue((r) -> r.holders().perSecond())));
		for (String contender : settings.contenders()) {
			headlines.add(Headline.percent("fairness B got the lock, " + contender,
					results.value(contender, (r) -> r.prober().successShare())));
			headlines.add(Headline.millis("fairness B wait p50, " + contender,
					results.value(contender, FairnessResult::proberMedianMillis)));
		}
		return headlines;
	}

	private FairnessResult runOne(MultiJvmRun runner, String contender, HarnessSettings settings) {
		Map<String, List<String>> children = new LinkedHashMap<>();
		children.put("A", List.of("--role", "sections", "--threads", String.valueOf(HOLDER_THREADS), "--work",
				MultiJvmRun.seconds(WORK)));
		children.put("B", List.of("--role", "prober", "--wait", MultiJvmRun.seconds(PROBE_WAIT), "--pause",
				MultiJvmRun.seconds(PROBE_PAUSE)));
		MultiJvmRun.Outcome outcome = runner.run(contender, children, settings.warmup(), settings.window());
		return new FairnessResult(ResultLine.parseLoad(outcome.lines().get(0)),
				ResultLine.parseProbe(outcome.lines().get(1)), outcome.counter());
	}

}
