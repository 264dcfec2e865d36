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

import java.time.Duration;
import java.util.Set;

/**
 * Main class of a child JVM: started together with its siblings through a
 * {@link StartSignal}, it plays one role and prints a {@link ResultLine} on stdout.
 * <ul>
 * <li>{@code --role sections} (the default): {@code --threads} worker threads run
 * critical sections (lock, {@code GET}, {@code SET}+1, {@code --work} seconds of work,
 * unlock).
 * <li>{@code --role prober}: one thread asks for the lock with a wait of {@code --wait}
 * seconds, increments the counter when it gets it, and asks again {@code --pause} seconds
 * after each try (see {@link Prober}).
 * <li>{@code --role distinct}: {@code --threads} worker threads lock and unlock a key
 * each, with nothing in between; the run's one key and the counter are not used.
 * </ul>
 */
public final class MultiJvmChild {

	private static final Set<String> OPTIONS = Set.of("contender", "redis", "namespace", "counter-key", "ready-key",
			"start-key", "warmup", "seconds", "name", "role", "threads", "work", "wait", "pause");

	private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

	private MultiJvmChild() {
	}

	public static void main(String[] args) {
		int status = 0;
		try {
			run(new Arguments(args, OPTIONS));
		}
		catch (Throwable ex) {
			ex.printStackTrace();
			status = 2;
		}
		System.out.flush();
		System.exit(status);
	}

	private static void run(Arguments arguments) {
		RedisAddress redis = RedisAddress.parse(arguments.required("redis"));
		Duration warmup = arguments.seconds("warmup", 5, true);
		Duration window = arguments.seconds("seconds", 10, false);
		try (Contender contender = Contender.open(arguments.required("contender"), redis,
				arguments.required("namespace"));
				SharedCounter counter = new SharedCounter(redis, arguments.required("counter-key"));
				StartSignal signal = new StartSignal(redis, arguments.required("ready-key"),
						arguments.required("start-key"))) {
			String role = arguments.string("role", "sections");
			switch (role) {
				case "sections", "distinct" -> {
					LoadRun run = role.equals("sections") ? sections(arguments, contender, counter)
							: distinct(arguments, contender);
					signal.ready();
					System.out.println(ResultLine.format(load(run, signal.awaitStart(START_TIMEOUT), warmup, window)));
				}
				case "prober" -> {
					Prober prober = new Prober(contender.session("lock"), counter, arguments.seconds("wait", 1, false),
							arguments.seconds("pause", 0.15, true));
					signal.ready();
					System.out
						.println(ResultLine.format(probe(prober, signal.awaitStart(START_TIMEOUT), warmup, window)));
				}
				default -> throw new IllegalArgumentException(
						"Unknown role '" + role + "'; expected sections, prober or distinct");
			}
		}
	}

	private static LoadRun sections(Arguments arguments, Contender contender, SharedCounter counter) {
		return new LoadRun(arguments.required("name"), arguments.positiveInt("threads", 32),
				(i) -> contender.session("lock"),
				Workload.criticalSection(counter, null, arguments.seconds("work", 0, true)), null);
	}

	private static LoadRun distinct(Arguments arguments, Contender contender) {
		return new LoadRun(arguments.required("name"), arguments.positiveInt("threads", 8),
				(i) -> contender.session("key-" + i), Workload.lockUnlock(), null);
	}

	private static LoadResult load(LoadRun run, long startAt, Duration warmup, Duration window) {
		LoadResult result = run.run(startAt, warmup, window);
		if (result.hang() != null) {
			System.out.println("Worker threads did not stop; thread dump:");
			System.out.println(result.hang());
		}
		printFirstError(result.firstError());
		return result;
	}

	private static ProbeResult probe(Prober prober, long startAt, Duration warmup, Duration window) {
		ProbeResult result = prober.run(startAt, warmup, window);
		printFirstError(result.firstError());
		return result;
	}

	private static void printFirstError(Throwable error) {
		if (error != null) {
			System.out.println("First error:");
			error.printStackTrace(System.out);
		}
	}

}
