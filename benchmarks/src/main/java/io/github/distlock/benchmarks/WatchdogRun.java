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
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.redis.RedisLocker;

/**
 * Takes many watchdog-mode locks with one {@link DefaultLockTemplate}, holds them for a
 * few renew intervals while a {@link RenewalRecorder} times every renewal and the server
 * counts its scripts, checks that every one is still held, by its handle and in Redis,
 * and releases them.
 */
final class WatchdogRun {

	/** A short lease and renew interval, so that a few intervals pass quickly. */
	static final WatchdogSettings SETTINGS = new WatchdogSettings(Duration.ofSeconds(9), Duration.ofSeconds(3), null);

	/** How long the locks are held after the last was taken: three renew intervals. */
	static final Duration HOLD = SETTINGS.renewInterval().multipliedBy(3);

	/** Threads that take and release the locks. */
	static final int THREADS = 16;

	private final RedisAddress redis;

	WatchdogRun(RedisAddress redis) {
		this.redis = redis;
	}

	/**
	 * Runs the scenario once.
	 * @param locks how many locks to take
	 * @return what was seen
	 */
	WatchdogResult run(int locks) {
		String namespace = "bench-watchdog-" + UUID.randomUUID().toString().substring(0, 8);
		LettuceConnectionFactory connectionFactory = DistlockContender.connectionFactory(this.redis);
		RedisLocker redisLocker = new RedisLocker(connectionFactory, namespace);
		RenewalRecorder recorder = new RenewalRecorder(redisLocker);
		try (DefaultLockTemplate template = new DefaultLockTemplate(recorder, SETTINGS);
				RedisInspector inspector = new RedisInspector(this.redis)) {
			LockHandle[] handles = new LockHandle[locks];
			long takeNanos = Parallel.forEach(locks, THREADS, (i) -> handles[i] = take(template, i));
			long takenAt = System.nanoTime();
			long scriptsBefore = inspector.calls("evalsha");
			LoadRun.sleepUntil(System.currentTimeMillis() + HOLD.toMillis());
			long scriptsInHold = inspector.calls("evalsha") - scriptsBefore;
			long holdEnd = System.nanoTime();
			List<RenewalRecorder.Wave> waves = recorder.completeWaves();
			RenewalRecorder.Gaps gaps = recorder.gaps(holdEnd);
			// Read before releasing: a renewal in flight finds a lock just released gone.
			long lost = recorder.lost();
			long held = Arrays.stream(handles).filter(LockHandle::isHeld).count();
			long expiring = inspector.countExpiring(redisKeys(namespace, locks));
			long releaseNanos = Parallel.forEach(locks, THREADS, (i) -> handles[i].close());
			return new WatchdogResult(locks, takeNanos, holdEnd - takenAt, scriptsInHold, waves, gaps, lost, held,
					expiring, releaseNanos);
		}
		finally {
			redisLocker.close();
			connectionFactory.destroy();
		}
	}

	private static LockHandle take(DefaultLockTemplate template, int i) {
		return template.tryAcquire(key(i), null, Duration.ZERO)
			.orElseThrow(() -> new IllegalStateException("Fresh lock '" + key(i) + "' was busy"));
	}

	private static String key(int i) {
		return "key-" + i;
	}

	/** The locks' Redis keys, as {@code RedisLocker} names them: {@code {prefix:key}}. */
	private static List<String> redisKeys(String namespace, int locks) {
		return IntStream.range(0, locks).mapToObj((i) -> "{" + namespace + ":" + key(i) + "}").toList();
	}

}
