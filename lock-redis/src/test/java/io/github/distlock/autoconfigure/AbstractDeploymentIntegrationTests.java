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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.core.LockListener;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The starter's main behaviours on a deployment of Redis configured through Spring Boot's
 * own {@code spring.data.redis.*} settings, with two application contexts as two
 * instances: their threads exclude each other, a waiter in one is woken by a release in
 * the other, the watchdog keeps a lock beyond its lease, and fencing tokens follow the
 * order in which the lock was held. A subclass names the deployment.
 */
abstract class AbstractDeploymentIntegrationTests {

	static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(60);

	final String prefix = "deployment-" + UUID.randomUUID();

	private final ExecutorService threads = Executors.newFixedThreadPool(8);

	/**
	 * Returns the {@code spring.data.redis.*} settings that connect to the deployment.
	 * @return the settings, as {@code name=value}
	 */
	protected abstract String[] connectionProperties();

	ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AopAutoConfiguration.class,
					RedisLockAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues(connectionProperties())
			.withPropertyValues("distlock.key-prefix=" + this.prefix);
	}

	@AfterEach
	void stopThreads() throws InterruptedException {
		this.threads.shutdownNow();
		assertThat(this.threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void threadsOfTwoInstancesLoseNoUpdate() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			StringRedisTemplate redis = first.getBean(StringRedisTemplate.class);
			String counter = this.prefix + ":counter";
			List<Callable<Object>> workers = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				LockTemplate locks = ((t % 2 == 0) ? first : second).getBean(LockTemplate.class);
				workers.add(() -> {
					for (int i = 0; i < 20; i++) {
						locks.execute("counter", LEASE, WAIT, () -> incrementNonAtomically(redis, counter));
					}
					return null;
				});
			}
			runTogether(workers);
			assertThat(redis.opsForValue().get(counter)).isEqualTo("160");
		}));
	}

	@Test
	void waiterInOneInstanceIsWokenByAReleaseInTheOther() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			await().atMost(Duration.ofSeconds(10)).until(second.getBean(Locker.class)::releaseNoticesActive);
			LockHandle held = first.getBean(LockTemplate.class)
				.tryAcquire("awaited", Duration.ofMinutes(10), Duration.ZERO)
				.orElseThrow();
			Future<Boolean> waiter = this.threads
				.submit(() -> tookAndReleased(second, "awaited", Duration.ofMinutes(5)));
			await().atMost(Duration.ofSeconds(10))
				.until(() -> first.getBean(StringRedisTemplate.class).hasKey("{" + this.prefix + ":awaited}:waiters"));
			held.close();
			// Long before the holder's lease or the waiter's wait runs out: only the
			// release notice lets it in.
			assertThat(waiter.get(30, TimeUnit.SECONDS)).isTrue();
		}));
	}

	@Test
	void watchdogKeepsALockBeyondItsLease() {
		// Ten renewals 200 ms apart: the lock has outlived its one-second lease.
		CountDownLatch renewals = new CountDownLatch(10);
		contextRunner().withPropertyValues("distlock.watchdog.lease=1s", "distlock.watchdog.renew-interval=200ms")
			.withBean(LockListener.class, () -> new LockListener() {

				@Override
				public void renewed(String key) {
					renewals.countDown();
				}

			})
			.run((first) -> contextRunner().run((second) -> {
				LockHandle held = first.getBean(LockTemplate.class)
					.tryAcquire("watched", null, Duration.ZERO)
					.orElseThrow();
				assertThat(renewals.await(30, TimeUnit.SECONDS)).isTrue();
				assertThat(held.isHeld()).isTrue();
				assertThat(this.threads.submit(() -> tookAndReleased(second, "watched", Duration.ZERO)).get())
					.isFalse();
				held.close();
				assertThat(this.threads.submit(() -> tookAndReleased(second, "watched", Duration.ZERO)).get()).isTrue();
			}));
	}

	@Test
	void fencingTokensFollowTheOrderInWhichTheLockWasHeld() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
			List<Callable<Object>> workers = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				LockTemplate locks = ((t % 2 == 0) ? first : second).getBean(LockTemplate.class);
				workers.add(() -> {
					for (int i = 0; i < 10; i++) {
						try (LockHandle held = locks.tryAcquire("fenced", LEASE, WAIT).orElseThrow()) {
							tokens.add(held.fencingToken());
						}
					}
					return null;
				});
			}
			runTogether(workers);
			assertThat(tokens).hasSize(80).isSorted().doesNotHaveDuplicates();
		}));
	}

	/**
	 * Runs the workers on threads of their own, all at once, and waits until each has
	 * finished.
	 */
	void runTogether(List<Callable<Object>> workers) throws Exception {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<Object>> running = new ArrayList<>();
		for (Callable<Object> worker : workers) {
			running.add(this.threads.submit(() -> {
				start.await();
				return worker.call();
			}));
		}
		start.countDown();
		for (Future<Object> worker : running) {
			worker.get(2, TimeUnit.MINUTES);
		}
	}

	private static boolean tookAndReleased(ApplicationContext instance, String key, Duration wait) {
		return instance.getBean(LockTemplate.class).tryAcquire(key, LEASE, wait).map((handle) -> {
			handle.close();
			return true;
		}).orElse(false);
	}

	private static Object incrementNonAtomically(StringRedisTemplate redis, String counter) {
		String value = redis.opsForValue().get(counter);
		int next = (value != null) ? Integer.parseInt(value) + 1 : 1;
		Thread.yield();
		redis.opsForValue().set(counter, String.valueOf(next));
		return null;
	}

}
