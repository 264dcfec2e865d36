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
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Parent side of the scenarios that run in child JVMs: spawns the children of one
 * contender ({@link MultiJvmChild}, with one lock key and one shared counter for all),
 * starts them together, echoes their output and collects their result lines.
 */
final class MultiJvmRun {

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

	private static final long START_DELAY_MILLIS = 500;

	private final RedisAddress redis;

	private final PrintStream out;

	MultiJvmRun(RedisAddress redis, PrintStream out) {
		this.redis = redis;
		this.out = out;
	}

	/**
	 * Runs one contender in one or more child JVMs.
	 * @param contender the contender's name
	 * @param children each child's name (after the contender's) and its own arguments,
	 * such as {@code --role} and {@code --threads}
	 * @param warmup warm-up before the measured window
	 * @param window the measured window
	 * @return each child's result line, in the order given, and the counter's final value
	 */
	Outcome run(String contender, Map<String, List<String>> children, Duration warmup, Duration window) {
		String run = "bench-jvms-" + UUID.randomUUID().toString().substring(0, 8);
		String counterKey = run + "-counter";
		List<ChildJvm> started = new ArrayList<>();
		try (SharedCounter counter = new SharedCounter(this.redis, counterKey);
				StartSignal signal = new StartSignal(this.redis, run + "-ready", run + "-start")) {
			counter.reset();
			children.forEach((name, args) -> {
				List<String> all = new ArrayList<>(List.of("--contender", contender, "--redis", this.redis.toString(),
						"--namespace", run, "--counter-key", counterKey, "--ready-key", run + "-ready", "--start-key",
						run + "-start", "--warmup", seconds(warmup), "--seconds", seconds(window)));
				all.addAll(args);
				started.add(new ChildJvm(contender + "-" + name, all, this.out));
			});
			signal.awaitReady(started.size(), READY_TIMEOUT, () -> started.stream().allMatch(ChildJvm::isAlive));
			signal.start(System.currentTimeMillis() + START_DELAY_MILLIS);
			Duration limit = warmup.plus(window).plus(Contender.WAIT).plusSeconds(60).plusMillis(START_DELAY_MILLIS);
			List<String> lines = new ArrayList<>();
			for (ChildJvm child : started) {
				lines.add(child.await(limit));
			}
			return new Outcome(lines, counter.value());
		}
		finally {
			started.forEach(ChildJvm::destroy);
		}
	}

	/** Formats a duration as a child's option takes it, in seconds: {@code 0.05}. */
	static String seconds(Duration duration) {
		return String.valueOf(duration.toMillis() / 1000.0);
	}

	/**
	 * What the children of one run reported.
	 *
	 * @param lines each child's result line, in the order the children were given
	 * @param counter the shared counter's final value
	 */
	record Outcome(List<String> lines, long counter) {

	}

}
