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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One scenario's figures: a row per metric, a column per contender, and the ratio of the
 * second contender's to the first's (distlock / raw by default).
 */
final class ReportTable {

	private static final int LABEL_WIDTH = 26;

	private static final int COLUMN_WIDTH = 24;

	private static final int SUMMARY_LABEL_WIDTH = 36;

	private static final int SUMMARY_VALUE_WIDTH = 12;

	private final String title;

	private final List<String> contenders;

	private final List<String[]> rows = new ArrayList<>();

	ReportTable(String title, List<String> contenders) {
		this.title = title;
		this.contenders = contenders;
	}

	/**
	 * Adds a row.
	 * @param label the metric
	 * @param cells one cell per contender, in column order
	 * @param ratio the ratio of the second contender's figure to the first's, or
	 * {@code null} for none
	 */
	void row(String label, List<String> cells, String ratio) {
		String[] row = new String[this.contenders.size() + 2];
		row[0] = label;
		for (int i = 0; i < cells.size(); i++) {
			row[i + 1] = cells.get(i);
		}
		row[row.length - 1] = (ratio != null) ? ratio : "";
		this.rows.add(row);
	}

	void print(PrintStream out) {
		out.println();
		out.println(this.title);
		StringBuilder header = new StringBuilder(pad("metric", LABEL_WIDTH));
		this.contenders.forEach((name) -> header.append(pad(name, COLUMN_WIDTH)));
		header.append(ratioHeader());
		out.println(header.toString().stripTrailing());
		out.println("-".repeat(header.toString().stripTrailing().length()));
		for (String[] row : this.rows) {
			StringBuilder line = new StringBuilder(pad(row[0], LABEL_WIDTH));
			for (int i = 1; i < row.length - 1; i++) {
				line.append(pad(row[i], COLUMN_WIDTH));
			}
			line.append(row[row.length - 1]);
			out.println(line.toString().stripTrailing());
		}
		out.println();
	}

	private String ratioHeader() {
		return comparesTwo(this.contenders) ? this.contenders.get(1) + "/" + this.contenders.get(0) : "";
	}

	/**
	 * Returns whether two contenders or more are selected, so that ratios (the second's
	 * figures to the first's) make sense.
	 * @param contenders the selected contenders
	 * @return whether ratios are shown
	 */
	static boolean comparesTwo(List<String> contenders) {
		return contenders.size() >= 2;
	}

	/**
	 * Formats a line of the summary over rounds: the figure of every round, then their
	 * median, min and max.
	 * @param rounds the figure in each round, in round order; rounds without a (finite)
	 * value are left out
	 * @return for example
	 * {@code distinct 64t cycles/s          0.95x    0.91x    median 0.93x (min 0.91x, max 0.95x)}
	 */
	static String summaryRow(List<Headline> rounds) {
		Headline first = rounds.get(0);
		double[] values = rounds.stream()
			.filter((round) -> round.value().isPresent())
			.mapToDouble((round) -> round.value().getAsDouble())
			.filter(Double::isFinite)
			.toArray();
		if (values.length == 0) {
			return pad(first.label(), SUMMARY_LABEL_WIDTH) + "n/a";
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		double median = Median.of(values);
		String each = Arrays.stream(values)
			.mapToObj((value) -> pad(first.format().apply(value), SUMMARY_VALUE_WIDTH))
			.collect(Collectors.joining());
		return pad(first.label(), SUMMARY_LABEL_WIDTH) + each + " median " + first.format().apply(median) + " (min "
				+ first.format().apply(sorted[0]) + ", max " + first.format().apply(sorted[sorted.length - 1]) + ")";
	}

	/**
	 * Formats a ratio, {@code 0.95x}; {@code n/a} when it is not finite, because the
	 * divisor was 0.
	 */
	static String ratio(double ratio) {
		return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2fx", ratio) : "n/a";
	}

	static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	/** Formats a rate, {@code 12,345/s}; with one decimal below 100/s, {@code 19.6/s}. */
	static String rate(double perSecond) {
		return String.format(Locale.ROOT, (perSecond < 100) ? "%,.1f/s" : "%,.0f/s", perSecond);
	}

	static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
	}

	static String fraction(double value) {
		return String.format(Locale.ROOT, "%.2f", value);
	}

	static String micros(long value) {
		return String.format(Locale.ROOT, "%,d us", value);
	}

	/**
	 * Formats microseconds with two decimals, {@code 41.07 us}, for CPU time per cycle.
	 */
	static String micros(double value) {
		return String.format(Locale.ROOT, "%,.2f us", value);
	}

	/**
	 * Formats milliseconds, {@code 61.2 ms}; {@code n/a} when not finite, because nothing
	 * was measured.
	 */
	static String millis(double value) {
		return Double.isFinite(value) ? String.format(Locale.ROOT, "%,.1f ms", value) : "n/a";
	}

	static String seconds(double value) {
		return String.format(Locale.ROOT, "%,.2f s", value);
	}

	private static String pad(String value, int width) {
		return (value.length() >= width) ? value + "  " : value + " ".repeat(width - value.length());
	}

}
