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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A second JVM that contends for locks, started by {@link SecondProcessIntegrationTests}.
 *
 * <p>
 * Arguments: {@code port prefix key increment THREADS COUNT} does {@code COUNT} guarded
 * increments on each of {@code THREADS} threads; {@code port prefix key hold LEASE_MS}
 * takes the lock in watchdog mode with that lease, says so in Redis, and waits to be
 * killed.
 */
public final class LockContenderProcess {

	private LockContenderProcess() {
	}

	public static void main(String[] args) throws Exception {
		int port = Integer.parseInt(args[0]);
		String prefix = args[1];
		String key = args[2];
		LettuceConnectionFactory connectionFactory = RedisLockFixture.connectionFactory(port);
		StringRedisTemplate redis = new StringRedisTemplate(connectionFactory);
		WatchdogSettings settings = WatchdogSettings
			.watchdogLease(Duration.ofMillis(Long.parseLong(args[args.length - 1])));
		try (RedisLocker locker = new RedisLocker(connectionFactory, prefix);
				DefaultLockTemplate template = new DefaultLockTemplate(locker, settings)) {
			if (args[3].equals("hold")) {
				template.tryAcquire(key, null, Duration.ofSeconds(30)).orElseThrow();
				redis.opsForValue().set(prefix + ":held", String.valueOf(ProcessHandle.current().pid()));
				Thread.sleep(TimeUnit.MINUTES.toMillis(5));
			}
			else {
				increment(template, redis, prefix, key, Integer.parseInt(args[4]), Integer.parseInt(args[5]));
			}
		}
		finally {
			connectionFactory.destroy();
		}
	}

	/**
	 * Guarded read-modify-write of a counter, logging each holding's fencing token in
	 * lock order.
	 */
	static void increment(DefaultLockTemplate template, StringRedisTemplate redis, String prefix, String key,
			int threads, int count) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				workers.add(pool.submit(() -> {
					for (int i = 0; i < count; i++) {
						try (LockHandle handle = template
							.tryAcquire(key, Duration.ofSeconds(10), Duration.ofSeconds(60))
							.orElseThrow()) {
							String value = redis.opsForValue().get(prefix + ":counter");
							int next = (value != null) ? Integer.parseInt(value) + 1 : 1;
							redis.opsForValue().set(prefix + ":counter", String.valueOf(next));
							redis.opsForList().rightPush(prefix + ":tokens", String.valueOf(handle.fencingToken()));
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(5, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

}
