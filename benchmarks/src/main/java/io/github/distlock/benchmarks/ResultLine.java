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

import java.util.HashMap;
import java.util.Map;

/**
 * The one line a child JVM prints on stdout to hand its figures to the parent, for
 * example
 * {@code RESULT window=1234 nanos=2000000000 cpu=1500000000 fewest=30 most=45 total=2100 timeouts=0 errors=0 hung=0}
 * for a load run, or
 * {@code RESULT tries=60 successes=58 p50=61000 p90=98000 max=130000 total=70 errors=0}
 * for a prober. First errors, thread dumps and hand-off times stay in the child's own
 * output.
 */
final class ResultLine {

	static final String PREFIX = "RESULT ";

	private ResultLine() {
	}

	static String format(LoadResult result) {
		return PREFIX + "window=" + result.windowCycles() + " nanos=" + result.windowNanos() + " cpu="
				+ result.cpuNanos() + " fewest=" + result.fewestPerThread() + " most=" + result.mostPerThread()
				+ " total=" + result.totalCycles() + " timeouts=" + result.timeouts() + " errors=" + result.errors()
				+ " hung=" + ((result.hang() != null) ? 1 : 0);
	}

	static String format(ProbeResult result) {
		return PREFIX + "tries=" + result.tries() + " successes=" + result.successes() + " p50=" + result.p50Micros()
				+ " p90=" + result.p90Micros() + " max=" + result.maxMicros() + " total=" + result.totalSuccesses()
				+ " errors=" + result.errors();
	}

	/**
	 * Parses the result line of a load run.
	 * @param line the line, starting with {@link #PREFIX}
	 * @return the figures
	 */
	static LoadResult parseLoad(String line) {
		Map<String, Long> values = values(line);
		return new LoadResult(values.get("window"), values.get("nanos"), values.get("cpu"), values.get("fewest"),
				values.get("most"), values.get("total"), values.get("timeouts"), values.get("errors"), null, null,
				(values.get("hung") != 0) ? "worker threads hung; see the child's thread dump above" : null);
	}

	/**
	 * Parses the result line of a prober.
	 * @param line the line, starting with {@link #PREFIX}
	 * @return the figures
	 */
	static ProbeResult parseProbe(String line) {
		Map<String, Long> values = values(line);
		return new ProbeResult(values.get("tries"), values.get("successes"), values.get("p50"), values.get("p90"),
				values.get("max"), values.get("total"), values.get("errors"), null);
	}

	static boolean matches(String line) {
		return line.startsWith(PREFIX);
	}

	private static Map<String, Long> values(String line) {
		Map<String, Long> values = new HashMap<>();
		for (String pair : line.substring(PREFIX.length()).trim().split(" ")) {
			int equals = pair.indexOf('=');
			values.put(pair.substring(0, equals), Long.parseLong(pair.substring(equals + 1)));
		}
		return values;
	}

}
