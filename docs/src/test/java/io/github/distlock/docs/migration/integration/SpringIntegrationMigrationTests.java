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
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import javax.sql.DataSource;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.docs.Instances;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Integration migration guide's before and after, each as two instances on one
 * H2 database: while one instance holds the lock, the other's attempt fails, and succeeds
 * once it is released.
 */
class SpringIntegrationMigrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	private final String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	@Test
	void jdbcLockRegistryExcludesTheOtherInstance() throws Exception {
		DataSource dataSource = new DriverManagerDataSource(this.url);
		new ResourceDatabasePopulator(new ClassPathResource("org/springframework/integration/jdbc/schema-h2.sql"))
			.execute(dataSource);
		JdbcLockRegistry one = registry(dataSource);
		JdbcLockRegistry two = registry(dataSource);
		// tag::before[]
		Lock lock = one.obtain("goods:42");
		if (lock.tryLock(1, TimeUnit.SECONDS)) {
			try {
				// end::before[]
				assertThat(onAnotherThread(() -> tryOnceAndUnlock(two.obtain("goods:42")))).isFalse();
				// tag::before[]
			}
			finally {
				lock.unlock();
			}
		}
		// end::before[]
		assertThat(onAnotherThread(() -> tryOnceAndUnlock(two.obtain("goods:42")))).isTrue();
	}

	@Test
	void distlockExcludesTheOtherInstance() throws Exception {
		try (ConfigurableApplicationContext one = Instances.start(Application.class, "distlock.store=jdbc",
				"spring.datasource.url=" + this.url);
				ConfigurableApplicationContext two = Instances.start(Application.class, "distlock.store=jdbc",
						"spring.datasource.url=" + this.url)) {
			LockTemplate lockTemplate = one.getBean(LockTemplate.class);
			LockTemplate other = two.getBean(LockTemplate.class);
			// tag::after[]
			Optional<LockHandle> acquired = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(10),
					Duration.ofSeconds(1));
			if (acquired.isPresent()) {
				try (LockHandle lock = acquired.get()) {
					// end::after[]
					assertThat(onAnotherThread(() -> tryOnceAndClose(other))).isFalse();
					// tag::after[]
				}
			}
			// end::after[]
			assertThat(acquired).isPresent();
			assertThat(onAnotherThread(() -> tryOnceAndClose(other))).isTrue();
		}
	}

	private static JdbcLockRegistry registry(DataSource dataSource) {
		// tag::registry[]
		DefaultLockRepository repository = new DefaultLockRepository(dataSource);
		repository.setTransactionManager(new DataSourceTransactionManager(dataSource));
		// end::registry[]
		repository.afterPropertiesSet();
		repository.afterSingletonsInstantiated();
		// tag::registry[]
		return new JdbcLockRegistry(repository);
		// end::registry[]
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

	private static <T> T onAnotherThread(java.util.function.Supplier<T> call) throws Exception {
		return CompletableFuture.supplyAsync(call, NEW_THREAD).get(10, TimeUnit.SECONDS);
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
