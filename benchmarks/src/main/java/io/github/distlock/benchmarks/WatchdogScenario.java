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

import io.github.distlock.benchmarks.RenewalRecorder.Wave;

/**
 * Watchdog at scale, distlock only (the raw loop has no watchdog): takes many
 * watchdog-mode locks, holds them for three renew intervals, and reports how the lease
 * keeper renewed them (in waves, batched into renew calls, as the Redis server counted
 * them) and whether every one was still held at the end.
 */
final class WatchdogScenario implements Scenario {

	private static final List<String> CONTENDERS = List.of(DistlockContender.NAME);

	@Override
	public ScenarioOutcome run(HarnessSettings settings, PrintStream out) {
		if (!settings.contenders().contains(DistlockContender.NAME)) {
			out.println("watchdog: skipped, it runs distlock only");
			return new ScenarioOutcome(true, List.of());
		}
		Comparison<WatchdogResult> results = Comparison.run("watchdog", CONTENDERS, CONTENDERS, out,
				(name) -> new WatchdogRun(settings.redis()).run(settings.watchdogLocks()));
		ReportTable table = new ReportTable(
				settings.roundTitle("watchdog at scale: " + ReportTable.count(settings.watchdogLocks())
						+ " locks, lease " + WatchdogRun.SETTINGS.watchdogLease().toSeconds() + " s, renew interval "
						+ WatchdogRun.SETTINGS.renewInterval().toSeconds() + " s, held " + WatchdogRun.HOLD.toSeconds()
						+ " s after the last was taken"),
				CONTENDERS);
		table.row("locks taken in",
				results.cells((r) -> ReportTable.seconds(r.takeSeconds()) + " ("
						+ ReportTable.rate(r.locks() / r.takeSeconds()) + " on " + WatchdogRun.THREADS + " threads)"),
				null);
		table.row("held after the last", results.cells((r) -> ReportTable.seconds(r.holdNanos() / 1e9)), null);
		table.row("renewal scripts in hold",
				results.cells((r) -> ReportTable.count(r.scriptsInHold()) + ", "
						+ ReportTable.count(Math.round(r.scriptsPerInterval(WatchdogRun.SETTINGS.renewInterval())))
						+ " per renew interval (server's evalsha count)"),
				null);
		table.row("complete renewal waves",
				results.cells((r) -> ReportTable.count(r.waves().size()) + " (wave k: the k-th renewal of every lock)"),
				null);
		int waves = (int) results.value(DistlockContender.NAME, (r) -> r.waves().size()).orElse(0);
		for (int i = 0; i < waves; i++) {
			int wave = i;
			table.row("  wave " + (wave + 1), results.cells((r) -> describe(r.waves().get(wave))), null);
		}
		table.row("time between renewals",
				results.cells((r) -> "p50 " + ReportTable.seconds(r.gaps().p50Seconds()) + ", p99 "
						+ ReportTable.seconds(r.gaps().p99Seconds()) + ", max "
						+ ReportTable.seconds(r.gaps().maxSeconds())),
				null);
		table.row("renewals finding it lost", results.cells((r) -> ReportTable.count(r.lost())), null);
		table.row("isHeld() at the end", results.cells((r) -> ofAll(r.heldAtEnd(), r.locks())), null);
		table.row("in Redis with a PTTL", results.cells((r) -> ofAll(r.expiringAtEnd(), r.locks())), null);
		table.row("released in", results.cells((r) -> ReportTable.seconds(r.releaseNanos() / 1e9)), null);
		table.print(out);
		return new ScenarioOutcome(!results.troubled((r) -> !r.allHeld()), headlines(settings, results));
	}

	private static List<Headline> headlines(HarnessSettings settings, Comparison<WatchdogResult> results) {
		String name = DistlockContender.NAME;
		return List.of(
				Headline.seconds("watchdog take " + ReportTable.count(settings.watchdogLocks()) + " locks",
						results.value(name, WatchdogResult::takeSeconds)),
				Headline.count("watchdog scripts per interval",
						results.value(name, (r) -> r.scriptsPerInterval(WatchdogRun.SETTINGS.renewInterval()))),
				Headline.count("watchdog calls per wave", results.value(name, WatchdogResult::medianCallsPerWave)),
				Headline.millis("watchdog wave first to last", results.value(name, WatchdogResult::medianWaveMillis)),
				Headline.seconds("watchdog max time between renewals",
						results.value(name, (r) -> r.gaps().maxSeconds())),
				Headline.percent("watchdog locks held at the end", results.value(name, WatchdogResult::heldShare)));
	}

	private static String describe(Wave wave) {
		return ReportTable.count(wave.locks()) + " locks in " + ReportTable.count(Math.round(wave.calls())) + " calls ("
				+ ReportTable.fraction(wave.locksPerCall()) + " per call), first to last "
				+ ReportTable.millis(wave.millis());
	}

	private static String ofAll(long count, int all) {
		return ReportTable.count(count) + " of " + ReportTable.count(all);
	}

}
