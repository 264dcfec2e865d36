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

package io.github.distlock.docs.migration.redisson;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.docs.Instances;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redisson migration guide's before and after on a real Redis: while one caller holds
 * the lock, another that does not wait is refused, and takes it once it is released.
 */
class RedissonMigrationIntegrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void redissonExcludesASecondCaller() throws Exception {
		Config config = new Config();
		config.useSingleServer().setAddress("redis://" + redis.server().host() + ":" + redis.server().port());
		RedissonClient redisson = Redisson.create(config);
		try {
			CountDownLatch held = new CountDownLatch(1);
			CountDownLatch leave = new CountDownLatch(1);
			CompletableFuture<Boolean> holder = CompletableFuture.supplyAsync(() -> {
				try {
					return purchaseWithRedisson(redisson, held, leave);
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, NEW_THREAD);
			assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
			RLock other = redisson.getLock("goods:42");
			assertThat(CompletableFuture.supplyAsync(() -> tryOnce(other), NEW_THREAD).get(10, TimeUnit.SECONDS))
				.isFalse();
			leave.countDown();
			assertThat(holder.get(10, TimeUnit.SECONDS)).isTrue();
			assertThat(
					CompletableFuture.supplyAsync(() -> tryOnceAndUnlock(other), NEW_THREAD).get(10, TimeUnit.SECONDS))
				.isTrue();
		}
		finally {
			redisson.shutdown();
		}
	}

	@Test
	void distlockExcludesASecondCaller() throws Exception {
		try (ConfigurableApplicationContext application = Instances.start(Application.class, "distlock.store=redis",
				"spring.data.redis.host=" + redis.server().host(), "spring.data.redis.port=" + redis.server().port())) {
			LockTemplate lockTemplate = application.getBean(LockTemplate.class);
			CountDownLatch held = new CountDownLatch(1);
			CountDownLatch leave = new CountDownLatch(1);
			CompletableFuture<Boolean> holder = CompletableFuture
				.supplyAsync(() -> purchaseWithDistlock(lockTemplate, held, leave), NEW_THREAD);
			assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(CompletableFuture
				.supplyAsync(() -> lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(5), null), NEW_THREAD)
				.get(10, TimeUnit.SECONDS)).isEmpty();
			leave.countDown();
			assertThat(holder.get(10, TimeUnit.SECONDS)).isTrue();
			Optional<LockHandle> later = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(5), null);
			assertThat(later).isPresent();
			later.get().close();
		}
	}

	private static boolean purchaseWithRedisson(RedissonClient redisson, CountDownLatch held, CountDownLatch leave)
			throws InterruptedException {
		// tag::before[]
		RLock lock = redisson.getLock("goods:42");
		if (lock.tryLock(1, 5, TimeUnit.SECONDS)) { // wait up to 1 s, lease 5 s
			try {
				// end::before[]
				held.countDown();
				leave.await(10, TimeUnit.SECONDS);
				// tag::before[]
				return true;
			}
			finally {
				lock.unlock();
			}
		}
		return false;
		// end::before[]
	}

	private static boolean purchaseWithDistlock(LockTemplate lockTemplate, CountDownLatch held, CountDownLatch leave) {
		// tag::after[]
		Optional<LockHandle> acquired = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(5),
				Duration.ofSeconds(1));
		if (acquired.isPresent()) {
			try (LockHandle lock = acquired.get()) {
				// end::after[]
				held.countDown();
				awaitQuietly(leave);
				// tag::after[]
				return true;
			}
		}
		return false;
		// end::after[]
	}

	private static boolean tryOnce(RLock lock) {
		try {
			return lock.tryLock(0, 5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static boolean tryOnceAndUnlock(RLock lock) {
		boolean taken = tryOnce(lock);
		if (taken) {
			lock.unlock();
		}
		return taken;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
