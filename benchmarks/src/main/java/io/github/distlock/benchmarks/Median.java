package io.github.distlock.benchmarks;

import java.util.Arrays;

/**
 * The median of a few figures, such as one per round.
 */
final class Median {

	private Median() {
	}

	/**
	 * Returns the median: the middle value, or the mean of the two middle values.
	 * @param values the values, in any order
	 * @return the median, NaN when there are none
	 */
	static double of(double[] values) {
		if (values.length == 0) {
			return Double.NaN;
		}
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int middle = sorted.length / 2;
		return (sorted.length % 2 == 1) ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
	}

}
