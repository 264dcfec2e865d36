package io.github.distlock.benchmarks;

import java.util.HashMap;
import java.util.Map;

/**
 * The one line a child JVM prints on stdout to hand its figures to the parent, for example
 * {@code RESULT window=1234 nanos=2000000000 fewest=30 most=45 total=2100 timeouts=0 errors=0 hung=0}.
 */
final class ResultLine {

	static final String PREFIX = "RESULT ";

	private ResultLine() {
	}

	static String format(LoadResult result) {
		return PREFIX + "window=" + result.windowCycles() + " nanos=" + result.windowNanos() + " fewest="
				+ result.fewestPerThread() + " most=" + result.mostPerThread() + " total=" + result.totalCycles()
				+ " timeouts=" + result.timeouts() + " errors=" + result.errors() + " hung="
				+ ((result.hang() != null) ? 1 : 0);
	}

	/**
	 * Parses a result line; the first error and hand-off times stay in the child.
	 * @param line the line, starting with {@link #PREFIX}
	 * @return the figures
	 */
	static LoadResult parse(String line) {
		Map<String, Long> values = new HashMap<>();
		for (String pair : line.substring(PREFIX.length()).trim().split(" ")) {
			int equals = pair.indexOf('=');
			values.put(pair.substring(0, equals), Long.parseLong(pair.substring(equals + 1)));
		}
		return new LoadResult(values.get("window"), values.get("nanos"), values.get("fewest"), values.get("most"),
				values.get("total"), values.get("timeouts"), values.get("errors"), null, null,
				(values.get("hung") != 0) ? "worker threads hung; see the child's thread dump above" : null);
	}

	static boolean matches(String line) {
		return line.startsWith(PREFIX);
	}

}
