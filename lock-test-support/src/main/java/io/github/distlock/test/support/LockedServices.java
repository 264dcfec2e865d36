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

package io.github.distlock.test.support;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import reactor.core.publisher.Mono;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Async;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Beans with {@code @DistributedLock} methods, for
 * {@link AbstractDistributedLockIntegrationTests}. {@link Orders} is also a subclass's,
 * through {@link AbstractDistributedLockIntegrationTests#orders}, and a store's own
 * tests' beyond the suite.
 */
public final class LockedServices {

	private LockedServices() {
	}

	/**
	 * Read-then-write of one row, with commits slowed so a lock released too early shows.
	 */
	static class Stock {

		private final JdbcTemplate jdbc;

		private final LockTemplate lockTemplate;

		Stock(JdbcTemplate jdbc, LockTemplate lockTemplate) {
			this.jdbc = jdbc;
			this.lockTemplate = lockTemplate;
		}

		@Transactional
		@DistributedLock(name = "stock", key = "#id", waitMs = 60000)
		public void incrementLockFirst(int id) {
			incrementSlowly(id);
		}

		@DistributedLock(name = "stock", key = "#id", waitMs = 60000)
		@Transactional
		public void incrementTransactionFirst(int id) {
			incrementSlowly(id);
		}

		/**
		 * The lock taken by hand inside the transaction, so it is released before the
		 * commit.
		 */
		@Transactional
		public void incrementLockInsideTransaction(int id) {
			this.lockTemplate.execute("stock:" + id, Duration.ofSeconds(30), Duration.ofSeconds(60), () -> {
				incrementSlowly(id);
				return null;
			});
		}

		/** No transaction of its own: joins the caller's. */
		@DistributedLock(name = "stock", key = "#id")
		public void incrementInCallersTransaction(int id) {
			incrementSlowly(id);
		}

		int quantity(int id) {
			Integer quantity = this.jdbc.queryForObject("select quantity from stock where id = ?", Integer.class, id);
			return Objects.requireNonNull(quantity, () -> "no stock row " + id);
		}

		private void incrementSlowly(int id) {
			int quantity = quantity(id);
			this.jdbc.update("update stock set quantity = ? where id = ?", quantity + 1, id);
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void beforeCommit(boolean readOnly) {
					sleep(5);
				}

			});
		}

	}

	/** Asynchronous methods. */
	static class Jobs {

		private final AtomicInteger running = new AtomicInteger();

		private final AtomicInteger mostAtOnce = new AtomicInteger();

		private volatile CompletableFuture<String> pending = new CompletableFuture<>();

		public int mostAtOnce() {
			return this.mostAtOnce.get();
		}

		/**
		 * Returns the future the next call of {@link #later} returns, for the test to
		 * complete.
		 */
		public CompletableFuture<String> nextPending() {
			this.pending = new CompletableFuture<>();
			return this.pending;
		}

		@Async
		@DistributedLock(name = "job", key = "#id", waitMs = 30000)
		public void runAsync(long id, List<String> threads) {
			LockHandle handle = LockContext.current().orElseThrow();
			threads.add(Thread.currentThread().getName() + "|" + handle.key());
			int now = this.running.incrementAndGet();
			this.mostAtOnce.accumulateAndGet(now, Math::max);
			sleep(100);
			this.running.decrementAndGet();
		}

		@DistributedLock(name = "future", key = "#id")
		public CompletableFuture<String> later(long id) {
			return this.pending;
		}

		@DistributedLock(name = "mono", key = "#id")
		public Mono<String> reactive(long id, Mono<String> work) {
			return work;
		}

	}

	/**
	 * Keys of every shape, fallback and multi-lock. {@link #byBean} needs a bean named
	 * {@code orderKeys} with a method {@code of(long)}, as the suite's application has.
	 */
	public static class Orders {

		private final AtomicInteger bodyRuns = new AtomicInteger();

		/**
		 * How many times {@link #byProperty}'s body ran.
		 * @return the count
		 */
		public int bodyRuns() {
			return this.bodyRuns.get();
		}

		/**
		 * Locks the order's id, read from a property of the argument.
		 * @param order the order; a {@code null} id fails the call before the store
		 */
		@DistributedLock(key = "#order.id")
		public void byProperty(Order order) {
			this.bodyRuns.incrementAndGet();
		}

		/**
		 * Locks a key that a bean makes.
		 * @param id the order's id
		 * @return the key it held
		 */
		@DistributedLock(name = "beans", key = "@orderKeys.of(#id)")
		public String byBean(long id) {
			return LockContext.current().orElseThrow().key();
		}

		/**
		 * Locks the id without waiting, or falls back.
		 * @param id the order's id
		 * @return {@code reserved}, or {@code busy:} and the lock's key when it was busy
		 */
		@DistributedLock(name = "busy", key = "#id", fallback = "busyFallback")
		public String reserve(long id) {
			return "reserved";
		}

		String busyFallback(long id, LockNotAcquiredException ex) {
			return "busy:" + ex.getKey();
		}

		/**
		 * Locks every id at once, all or nothing.
		 * @param ids the orders' ids, locked as {@code multi:} and the id
		 * @param whileHeld run while all are held
		 */
		@DistributedLock(name = "multi", key = "#ids")
		public void all(List<Long> ids, Runnable whileHeld) {
			whileHeld.run();
		}

	}

	/**
	 * An order, locked by its id.
	 *
	 * @param id its id, or {@code null} to fail a call
	 */
	public record Order(@Nullable Long id) {
	}

	static class OrderKeys {

		public String of(long id) {
			return "order-" + id;
		}

	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
