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

package io.github.distlock.sample.sale;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Formats flash-sale reports as a plain-text table, one row per run, and progress as one
 * line.
 */
final class ReportTable {

	private static final String ROW = "%-10s %6s %6s %8s %9s %11s %10s %6s %7s %9s %8s %8s  %s%n";

	private ReportTable() {
	}

	static String format(List<SaleReport> reports) {
		StringBuilder table = new StringBuilder();
		table.append(String.format(Locale.ROOT, ROW, "mode", "sold", "left", "initial", "oversold", "stock+sold",
				"dup buyers", "busy", "errors", "req/s", "p50 ms", "p99 ms", "check"));
		for (SaleReport report : reports) {
			table.append(String.format(Locale.ROOT, ROW, report.plan().mode(), report.sold(), report.stockLeft(),
					report.initial(), report.oversold(), report.consistent() ? "= initial" : "!= initial",
					report.duplicateBuyers(), report.progress().busy(), report.errors(),
					decimal(report.progress().throughputPerSecond(), 1), decimal(report.progress().p50Ms(), 1),
					decimal(report.progress().p99Ms(), 1), check(report)));
		}
		return table.toString();
	}

	static String progressLine(SalePlan plan, SaleProgress progress) {
		return String.format(Locale.ROOT,
				"%-10s %6d/%d answered, %d succeeded, %d sold out, %d busy, %d errors, %s req/s", plan.mode(),
				progress.done(), plan.buyers(), progress.succeeded(), progress.soldOut(), progress.busy(),
				progress.errors(), decimal(progress.throughputPerSecond(), 0));
	}

	/** What went wrong in a run, or {@code ok}. */
	static String check(SaleReport report) {
		List<String> problems = new ArrayList<>();
		if (!report.completed()) {
			problems.add("INCOMPLETE (" + report.progress().done() + "/" + report.plan().buyers() + ")");
		}
		if (report.oversold() > 0) {
			problems.add("OVERSOLD");
		}
		if (!report.consistent()) {
			problems.add("STOCK+SOLD!=INITIAL");
		}
		if (report.duplicateBuyers() > 0) {
			problems.add("DUPLICATE BUYERS");
		}
		if (report.errors() > 0) {
			problems.add("ERRORS");
		}
		return problems.isEmpty() ? "ok" : String.join(", ", problems);
	}

	private static String decimal(double value, int places) {
		return String.format(Locale.ROOT, "%." + places + "f", value);
	}

}
