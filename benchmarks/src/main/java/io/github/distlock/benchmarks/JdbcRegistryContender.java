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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import javax.sql.DataSource;

import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * The JDBC store's baseline: Spring Integration's {@link JdbcLockRegistry} on its
 * {@code INT_LOCK} table, with its defaults (a waiter asks the database again every 100
 * ms) and the harness's lease as the locks' time to live.
 */
final class JdbcRegistryContender implements Contender {

	static final String NAME = "jdbc-registry";

	private final DefaultLockRepository repository;

	private final JdbcLockRegistry registry;

	JdbcRegistryContender(DataSource dataSource, String namespace) {
		this.repository = new DefaultLockRepository(dataSource);
		this.repository.setRegion(namespace);
		this.repository.setTransactionManager(new DataSourceTransactionManager(dataSource));
		this.repository.afterPropertiesSet();
		this.repository.afterSingletonsInstantiated();
		this.registry = new JdbcLockRegistry(this.repository, LEASE);
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public LockSession session(String key) {
		Lock lock = this.registry.obtain(key);
		return new LockSession() {

			@Override
			public boolean acquire(Duration wait) {
				try {
					return lock.tryLock(wait.toMillis(), TimeUnit.MILLISECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}

			@Override
			public void release() {
				lock.unlock();
			}

		};
	}

	@Override
	public void close() {
		this.repository.close();
	}

}
