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
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.distlock.test.redis.RedisServer;

/**
 * The same callers on virtual threads, one each, and on a pool of platform threads, against one
 * Redis in one run: by default 10,000 callers contending for 100 keys, 20 requests each, every
 * request parking 5 ms outside its lock and 1 ms under it. Each round runs both, taking turns at
 * going first, after a warm-up round of each that is not counted; it prints each run's
 * throughput, waits for the lock and callers' completion times, and the ratio virtual / platform
 * of the throughputs, per round and their median. Needs a JDK 21 or later.
 * <pre>
 * --callers N            callers, each a task (default 10000)
 * --keys N               keys they share (default 100)
 * --requests N           lock cycles per caller (default 20)
 * --io-ms N              parked before each lock (default 5)
 * --hold-ms N            parked under each lock (default 1)
 * --platform-threads N   threads of the platform pool (default 200)
 * --rounds N             measured rounds (default 3)
 * </pre>
 */
public final class VirtualThreadBenchmark {

	private final PrintStream out = System.out;

	private final CallerRun work;

	private final int platformThreads;

	private final int rounds;

	private VirtualThreadBenchmark(Arguments arguments) {
		this.work = new CallerRun(arguments.positiveInt("callers", 10_000), arguments.positiveInt("keys", 100),
				arguments.positiveInt("requests", 20), millis(arguments, "io-ms", 5), millis(arguments, "hold-ms", 1));
		this.platformThreads = arguments.positiveInt("platform-threads", 200);
		this.rounds = arguments.positiveInt("rounds", 3);
	}

	public static void main(String[] args) throws Exception {
		VirtualThreadBenchmark benchmark = new VirtualThreadBenchmark(new Arguments(args,
				Set.of("callers", "keys", "requests", "io-ms", "hold-ms", "platform-threads", "rounds")));
		try (RedisServer redis = RedisServer.start();
				Contender distlock = new DistlockContender(new RedisAddress(redis.host(), redis.port()),
						"bench-vt-" + UUID.randomUUID(), false)) {
			benchmark.run(distlock);
		}
	}

	private void run(Contender distlock) throws Exception {
		this.out.printf("%s on JDK %s: %,d callers, %d keys, %d requests each, %d ms parked outside and %d ms under each lock; platform pool of %d%n",
				getClass().getSimpleName(), Runtime.version(), this.work.callers(), this.work.keys(), this.work.requests(),
				this.work.io().toMillis(), this.work.hold().toMillis(), this.platformThreads);
		this.out.println("warm-up (not counted)");
		this.out.println(this.work.run("virtual", virtualThreads(), distlock).line());
		this.out.println(this.work.run("platform", platformThreads(), distlock).line());
		List<Double> ratios = new ArrayList<>();
		for (int round = 1; round <= this.rounds; round++) {
			this.out.printf("round %d%n", round);
			boolean virtualFirst = round % 2 == 1;
			CallerRun.Result first = virtualFirst ? this.work.run("virtual", virtualThreads(), distlock)
					: this.work.run("platform", platformThreads(), distlock);
			CallerRun.Result second = virtualFirst ? this.work.run("platform", platformThreads(), distlock)
					: this.work.run("virtual", virtualThreads(), distlock);
			CallerRun.Result virtual = virtualFirst ? first : second;
			CallerRun.Result platform = virtualFirst ? second : first;
			this.out.println(virtual.line());
			this.out.println(platform.line());
			double ratio = virtual.locksPerSecond() / platform.locksPerSecond();
			ratios.add(ratio);
			this.out.printf("virtual / platform throughput: %.2fx%n", ratio);
		}
		this.out.printf("median virtual / platform throughput over %d rounds: %.2fx%n", this.rounds, Median.of(ratios.stream().mapToDouble(Double::doubleValue).toArray()));
	}

	private static Duration millis(Arguments arguments, String name, long fallback) {
		long millis = Long.parseLong(arguments.string(name, Long.toString(fallback)));
		if (millis < 0) {
			throw new IllegalArgumentException("Option --" + name + " must be zero or more, was " + millis);
		}
		return Duration.ofMillis(millis);
	}

	private static ExecutorService virtualThreads() {
		return Executors.newVirtualThreadPerTaskExecutor();
	}

	private ExecutorService platformThreads() {
		return Executors.newFixedThreadPool(this.platformThreads, Thread.ofPlatform().name("platform-", 0).daemon().factory());
	}

}
