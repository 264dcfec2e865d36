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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * One run of the virtual-thread benchmark's work on one executor: every caller is submitted at
 * once and, for each of its requests, parks for its I/O outside the lock, takes its key's lock,
 * increments the key's plain counter (a lock that let two callers in shows as lost updates),
 * parks for the work under the lock and releases it.
 *
 * @param callers how many callers are submitted
 * @param keys how many keys they share, caller {@code i} taking key {@code i % keys}
 * @param requests lock cycles per caller
 * @param io parked before each lock, as a request's call to another service
 * @param hold parked under each lock, as a write the lock guards
 */
record CallerRun(int callers, int keys, int requests, Duration io, Duration hold) {

	/**
	 * Runs the callers on the executor, then shuts it down.
	 * @param name what the executor is, for the result
	 * @param executor the threads the callers run on
	 * @param distlock the template the callers lock with
	 * @return throughput, latencies and lost updates
	 * @throws Exception when a caller failed or the run did not end within ten minutes
	 */
	Result run(String name, ExecutorService executor, Contender distlock) throws Exception {
		Histogram waits = new ConcurrentHistogram(3);
		Histogram callerTimes = new ConcurrentHistogram(3);
		long[] counters = new long[this.keys];
		String namespace = name + "-" + System.nanoTime();
		long started = System.nanoTime();
		List<Future<?>> futures = new ArrayList<>(this.callers);
		try (executor) {
			for (int caller = 0; caller < this.callers; caller++) {
				int key = caller % this.keys;
				futures.add(executor.submit(() -> {
					LockSession session = distlock.session(namespace + ":" + key);
					for (int request = 0; request < this.requests; request++) {
						Thread.sleep(this.io);
						long asked = System.nanoTime();
						if (!session.acquire()) {
							throw new IllegalStateException("Lock " + key + " stayed busy for " + Contender.WAIT);
						}
						waits.recordValue((System.nanoTime() - asked) / 1000);
						try {
							counters[key]++;
							Thread.sleep(this.hold);
						}
						finally {
							session.release();
						}
					}
					callerTimes.recordValue((System.nanoTime() - started) / 1000);
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get(10, TimeUnit.MINUTES);
			}
		}
		long elapsed = System.nanoTime() - started;
		long counted = 0;
		for (long counter : counters) {
			counted += counter;
		}
		long locks = (long) this.callers * this.requests;
		return new Result(name, locks * 1e9 / elapsed, waits, callerTimes, locks - counted);
	}

	/**
	 * What one run measured.
	 *
	 * @param name the executor
	 * @param locksPerSecond lock cycles per second of the whole run
	 * @param waitMicros time from asking for a lock to holding it
	 * @param callerMicros time from the run's start to a caller's last release (queueing for a thread included)
	 * @param lostUpdates increments lost, 0 while the locks exclude
	 */
	record Result(String name, double locksPerSecond, Histogram waitMicros, Histogram callerMicros, long lostUpdates) {

		String line() {
			return String.format("%-9s %,12.0f locks/s   wait p50 %,9.1f ms  p99 %,9.1f ms  max %,9.1f ms   caller done p50 %,9.1f ms  p99 %,9.1f ms   lost updates %d",
					this.name, this.locksPerSecond, millis(this.waitMicros, 50), millis(this.waitMicros, 99),
					this.waitMicros.getMaxValue() / 1000.0, millis(this.callerMicros, 50), millis(this.callerMicros, 99),
					this.lostUpdates);
		}

		private static double millis(Histogram histogram, double percentile) {
			return histogram.getValueAtPercentile(percentile) / 1000.0;
		}

	}

}
