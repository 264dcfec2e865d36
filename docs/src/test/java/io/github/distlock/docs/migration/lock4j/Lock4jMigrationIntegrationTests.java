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

package io.github.distlock.docs.migration.lock4j;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

import com.baomidou.lock.exception.LockFailureException;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.docs.Instances;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The lock4j migration guide's before and after, each as two instances on one real Redis:
 * while one instance runs the method for good 42, the other's call fails after its short
 * wait, and a call for good 43 goes ahead.
 */
class Lock4jMigrationIntegrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void lock4jExcludesTheOtherInstance() throws Exception {
		try (ConfigurableApplicationContext one = Instances.start(Lock4jApplication.class,
				redis("distlock.enabled=false"));
				ConfigurableApplicationContext two = Instances.start(Lock4jApplication.class,
						redis("distlock.enabled=false"))) {
			Throwable refused = excludes(one.getBean(Lock4jGoods.class)::purchase,
					two.getBean(Lock4jGoods.class)::purchase);
			assertThat(refused).isInstanceOf(LockFailureException.class);
		}
	}

	@Test
	void distlockExcludesTheOtherInstance() throws Exception {
		try (ConfigurableApplicationContext one = Instances.start(DistlockApplication.class,
				redis("distlock.store=redis"));
				ConfigurableApplicationContext two = Instances.start(DistlockApplication.class,
						redis("distlock.store=redis"))) {
			Throwable refused = excludes(one.getBean(DistlockGoods.class)::purchase,
					two.getBean(DistlockGoods.class)::purchase);
			assertThat(refused).isInstanceOf(LockNotAcquiredException.class);
		}
	}

	private static String[] redis(String property) {
		return new String[] { property, "spring.data.redis.host=" + redis.server().host(),
				"spring.data.redis.port=" + redis.server().port() };
	}

	private static Throwable excludes(LongFunction<String> one, LongFunction<String> two) throws Exception {
		CountDownLatch leave = new CountDownLatch(1);
		Pause.entered = new CountDownLatch(1);
		Pause.leave = leave;
		CompletableFuture<String> holder = CompletableFuture.supplyAsync(() -> one.apply(42), NEW_THREAD);
		if (!Pause.entered.await(10, TimeUnit.SECONDS)) {
			holder.get(1, TimeUnit.SECONDS);
		}
		Pause.leave = new CountDownLatch(0);
		Throwable refused;
		try {
			CompletableFuture.supplyAsync(() -> two.apply(42), NEW_THREAD).get(10, TimeUnit.SECONDS);
			throw new AssertionError("the second instance ran the method while the first held the lock");
		}
		catch (ExecutionException ex) {
			refused = ex.getCause();
		}
		assertThat(CompletableFuture.supplyAsync(() -> two.apply(43), NEW_THREAD).get(10, TimeUnit.SECONDS))
			.isEqualTo("purchased 43");
		leave.countDown();
		assertThat(holder.get(10, TimeUnit.SECONDS)).isEqualTo("purchased 42");
		assertThat(CompletableFuture.supplyAsync(() -> two.apply(42), NEW_THREAD).get(10, TimeUnit.SECONDS))
			.isEqualTo("purchased 42");
		return refused;
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Lock4jGoods.class)
	static class Lock4jApplication {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(DistlockGoods.class)
	static class DistlockApplication {

	}

}
