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

package io.github.distlock.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two lock templates, as two JVMs, on one lock table: threads of both increment a counter
 * by read-then-write under one lock. No update is lost, and the fencing tokens follow the
 * order in which the lock was held, with release notices (PostgreSQL) and without (a look
 * every 200 ms).
 */
class JdbcLockTemplateIntegrationTests {

	private static final int THREADS_PER_PROCESS = 3;

	private static final int INCREMENTS_PER_THREAD = 10;

	/**
	 * Written under the lock; synchronized and volatile only so that every thread sees
	 * the last write.
	 */
	private final List<Long> tokensInLockOrder = Collections.synchronizedList(new ArrayList<>());

	private volatile long counter;

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void twoProcessesLoseNoUpdateAndTokensFollowLockOrder(TestDatabase database) throws Exception {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			WatchdogSettings settings = WatchdogSettings.watchdogLease(Duration.ofSeconds(30));
			DefaultLockTemplate first = new DefaultLockTemplate(fixture.locker(), settings);
			DefaultLockTemplate second = new DefaultLockTemplate(fixture.locker(), settings);
			long started = System.nanoTime();
			incrementOnThreads(first, second);
			System.out.println(database + ": " + this.counter + " increments by two processes in "
					+ Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms");
			first.close();
			second.close();
		}
		assertThat(this.counter).isEqualTo(2L * THREADS_PER_PROCESS * INCREMENTS_PER_THREAD);
		assertThat(this.tokensInLockOrder).isSorted().doesNotHaveDuplicates();
	}

	private void incrementOnThreads(DefaultLockTemplate... processes) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(processes.length * THREADS_PER_PROCESS);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (DefaultLockTemplate process : processes) {
				for (int i = 0; i < THREADS_PER_PROCESS; i++) {
					workers.add(threads.submit(() -> increment(process)));
				}
			}
			for (Future<?> worker : workers) {
				worker.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	private void increment(DefaultLockTemplate process) {
		for (int i = 0; i < INCREMENTS_PER_THREAD; i++) {
			LockHandle handle = process.tryAcquire("counter", null, Duration.ofMinutes(1)).orElseThrow();
			try {
				long read = this.counter;
				Thread.yield();
				this.counter = read + 1;
				this.tokensInLockOrder.add(handle.fencingToken());
			}
			finally {
				handle.close();
			}
		}
	}

}
