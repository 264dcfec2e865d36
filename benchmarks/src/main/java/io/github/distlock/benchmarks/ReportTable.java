package io.github.distlock.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One scenario's figures: a row per metric, a column per contender, and the ratio distlock / raw.
 */
final class ReportTable {

	private static final int LABEL_WIDTH = 26;

	private static final int COLUMN_WIDTH = 22;

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
	 * @param ratio the ratio distlock / raw, or {@code null} for none
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
		return comparesBoth(this.contenders) ? "distlock/raw" : "";
	}

	/**
	 * Returns whether both contenders are selected, so that ratios make sense.
	 * @param contenders the selected contenders
	 * @return whether ratios are shown
	 */
	static boolean comparesBoth(List<String> contenders) {
		return contenders.contains(RawLettuceContender.NAME) && contenders.contains(DistlockContender.NAME);
	}

	/**
	 * Formats a scenario's line of the summary over rounds: every round's ratio, then their
	 * median, min and max.
	 * @param label the scenario's headline figure
	 * @param ratios the ratio of each round that has one, in round order; none gives {@code n/a}
	 * @return for example {@code distinct 64t cycles/s     0.95x 0.91x   median 0.93x (min 0.91x, max 0.95x)}
	 */
	static String summaryRow(String label, double[] ratios) {
		if (ratios.length == 0) {
			return pad(label, LABEL_WIDTH) + "n/a";
		}
		double[] sorted = ratios.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		double median = (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
		String rounds = Arrays.stream(ratios).mapToObj(ReportTable::ratio).collect(Collectors.joining(" "));
		return pad(label, LABEL_WIDTH) + rounds + "   median " + ratio(median) + " (min " + ratio(sorted[0]) + ", max "
				+ ratio(sorted[sorted.length - 1]) + ")";
	}

	/** Formats a ratio, {@code 0.95x}; {@code n/a} when it is not finite, because the divisor was 0. */
	static String ratio(double ratio) {
		return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2fx", ratio) : "n/a";
	}

	static String count(long value) {
		return String.format(Locale.ROOT, "%,d", value);
	}

	static String rate(double perSecond) {
		return String.format(Locale.ROOT, "%,.0f/s", perSecond);
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

	private static String pad(String value, int width) {
		return (value.length() >= width) ? value + "  " : value + " ".repeat(width - value.length());
	}

}
