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

package io.github.distlock.docs.migration.integration;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.Supplier;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.docs.Instances;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.redis.util.RedisLockRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Integration migration guide's Redis before and after, each as two instances
 * on one real Redis: while one instance holds the lock, the other's attempt fails, and
 * succeeds once it is released.
 */
class RedisLockRegistryMigrationIntegrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void redisLockRegistryExcludesTheOtherInstance() throws Exception {
		LettuceConnectionFactory connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(redis.server().host(), redis.server().port()));
		connectionFactory.afterPropertiesSet();
		connectionFactory.start();
		try {
			// tag::before[]
			RedisLockRegistry registry = new RedisLockRegistry(connectionFactory, "goods", 10_000);
			// end::before[]
			RedisLockRegistry other = new RedisLockRegistry(connectionFactory, "goods", 10_000);
			// tag::before[]
			Lock lock = registry.obtain("42");
			if (lock.tryLock(1, TimeUnit.SECONDS)) {
				try {
					// end::before[]
					assertThat(onAnotherThread(() -> tryOnceAndUnlock(other.obtain("42")))).isFalse();
					// tag::before[]
				}
				finally {
					lock.unlock();
				}
			}
			// end::before[]
			assertThat(onAnotherThread(() -> tryOnceAndUnlock(other.obtain("42")))).isTrue();
			registry.destroy();
			other.destroy();
		}
		finally {
			connectionFactory.destroy();
		}
	}

	@Test
	void distlockExcludesTheOtherInstance() throws Exception {
		String[] properties = { "distlock.store=redis", "spring.data.redis.host=" + redis.server().host(),
				"spring.data.redis.port=" + redis.server().port() };
		try (ConfigurableApplicationContext one = Instances.start(Application.class, properties);
				ConfigurableApplicationContext two = Instances.start(Application.class, properties)) {
			LockTemplate lockTemplate = one.getBean(LockTemplate.class);
			LockTemplate other = two.getBean(LockTemplate.class);
			try (LockHandle lock = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(10), Duration.ofSeconds(1))
				.orElseThrow()) {
				assertThat(onAnotherThread(() -> tryOnceAndClose(other))).isFalse();
			}
			assertThat(onAnotherThread(() -> tryOnceAndClose(other))).isTrue();
		}
	}

	private static boolean tryOnceAndUnlock(Lock lock) {
		boolean taken = lock.tryLock();
		if (taken) {
			lock.unlock();
		}
		return taken;
	}

	private static boolean tryOnceAndClose(LockTemplate lockTemplate) {
		Optional<LockHandle> handle = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(10), null);
		handle.ifPresent(LockHandle::close);
		return handle.isPresent();
	}

	private static <T> T onAnotherThread(Supplier<T> call) throws Exception {
		return CompletableFuture.supplyAsync(call, NEW_THREAD).get(10, TimeUnit.SECONDS);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
