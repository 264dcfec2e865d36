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
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.redis.RedisLocker;

/**
 * A child JVM of {@link NoticeFanOutBenchmark}: its threads lock random locks of a shared
 * set, holding each for {@code work}, and it counts the release notices its locker
 * receives in the measured window, through a listener of its own beside the template's.
 * It uses only what every version of the locker has ({@code onRelease}), so the same
 * child measures the code before and after a change, on either classpath. Arguments:
 * {@code host port prefix locks threads workMicros
 * startAtEpochMillis warmupSeconds seconds}; prints
 * {@code RESULT notices=N acquisitions=M timeouts=T}.
 */
public final class NoticeCountChild {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private NoticeCountChild() {
	}

	public static void main(String[] args) throws Exception {
		RedisAddress redis = new RedisAddress(args[0], Integer.parseInt(args[1]));
		int locks = Integer.parseInt(args[3]);
		int threads = Integer.parseInt(args[4]);
		long workNanos = Duration.ofNanos(Long.parseLong(args[5]) * 1000).toNanos();
		long startAt = Long.parseLong(args[6]);
		long measureFrom = startAt + Long.parseLong(args[7]) * 1000;
		long end = measureFrom + Long.parseLong(args[8]) * 1000;
		LongAdder notices = new LongAdder();
		LongAdder acquisitions = new LongAdder();
		LongAdder timeouts = new LongAdder();
		LettuceConnectionFactory connectionFactory = DistlockContender.connectionFactory(redis);
		RedisLocker locker = new RedisLocker(connectionFactory, args[2]);
		locker.onRelease((key) -> count(notices, measureFrom, end));
		DefaultLockTemplate template = new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(LEASE));
		Thread.sleep(Math.max(0, startAt - System.currentTimeMillis()));
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			workers[t] = new Thread(() -> work(template, locks, workNanos, end, measureFrom, acquisitions, timeouts));
			workers[t].start();
		}
		for (Thread worker : workers) {
			worker.join();
		}
		System.out.println("RESULT notices=" + notices.sum() + " acquisitions=" + acquisitions.sum() + " timeouts="
				+ timeouts.sum());
		System.out.flush();
		System.exit(0);
	}

	private static void work(DefaultLockTemplate template, int locks, long workNanos, long end, long measureFrom,
			LongAdder acquisitions, LongAdder timeouts) {
		while (System.currentTimeMillis() < end) {
			String key = "lock-" + ThreadLocalRandom.current().nextInt(locks);
			Optional<LockHandle> handle = template.tryAcquire(key, LEASE, LEASE);
			if (handle.isEmpty()) {
				count(timeouts, measureFrom, end);
				continue;
			}
			try (LockHandle held = handle.get()) {
				LockSupport.parkNanos(workNanos);
			}
			count(acquisitions, measureFrom, end);
		}
	}

	private static void count(LongAdder counter, long from, long to) {
		long now = System.currentTimeMillis();
		if (now >= from && now < to) {
			counter.increment();
		}
	}

}
