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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.LockTemplate;

/**
 * Threads of several instances contending for a few locks until stopped: each holder
 * reads and writes a counter of the JVM's own (so a failover cannot lose its updates) and
 * writes it with a fencing token to a store that refuses a token not above the last. It
 * counts what each call ended in and measures how long it took; a call that ends in
 * anything but a lock, a busy lock or a {@link LockStoreException} fails its thread.
 */
final class FailoverLoad implements AutoCloseable {

	static final Duration LEASE = Duration.ofSeconds(5);

	static final Duration WAIT = Duration.ofMillis(500);

	private final List<String> locks;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final List<Future<?>> workers = new ArrayList<>();

	private volatile boolean stopped;

	private final Map<String, AtomicInteger> counters = new ConcurrentHashMap<>();

	private final Map<String, AtomicLong> lastTokens = new ConcurrentHashMap<>();

	/** Each lock's holder in its critical section now, to see two at once. */
	private final Map<String, AtomicInteger> inside = new ConcurrentHashMap<>();

	final AtomicLong acquired = new AtomicLong();

	final AtomicLong busy = new AtomicLong();

	final AtomicLong failed = new AtomicLong();

	final AtomicLong overlaps = new AtomicLong();

	final AtomicLong staleTokens = new AtomicLong();

	final LongAccumulator longestCallMillis = new LongAccumulator(Math::max, 0);

	FailoverLoad(List<String> locks) {
		this.locks = List.copyOf(locks);
		locks.forEach((lock) -> {
			this.counters.put(lock, new AtomicInteger());
			this.lastTokens.put(lock, new AtomicLong());
			this.inside.put(lock, new AtomicInteger());
		});
	}

	/** Starts {@code count} threads taking locks through {@code locks}. */
	void start(LockTemplate locks, int count) {
		for (int i = 0; i < count; i++) {
			this.workers.add(this.threads.submit(() -> {
				while (!this.stopped) {
					call(locks, this.locks.get(ThreadLocalRandom.current().nextInt(this.locks.size())));
				}
				return null;
			}));
		}
	}

	/**
	 * Stops the threads and waits, at most a minute, until every call under way has
	 * returned.
	 */
	void stop() throws Exception {
		this.stopped = true;
		for (Future<?> worker : this.workers) {
			worker.get(1, TimeUnit.MINUTES);
		}
	}

	/** Sections that ran whose update the counters do not show. */
	long lostUpdates() {
		return this.acquired.get() - this.counters.values().stream().mapToLong(AtomicInteger::get).sum();
	}

	private void call(LockTemplate locks, String lock) {
		long started = System.nanoTime();
		Optional<LockHandle> handle;
		try {
			handle = locks.tryAcquire(lock, LEASE, WAIT);
		}
		catch (LockStoreException ex) {
			this.failed.incrementAndGet();
			return;
		}
		finally {
			this.longestCallMillis.accumulate(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
		}
		if (handle.isEmpty()) {
			this.busy.incrementAndGet();
			return;
		}
		try (LockHandle held = handle.get()) {
			section(lock, held);
		}
		catch (LockStoreException | IllegalStateException ex) {
			// Redis failed while the lock was held, or the lock was found lost: its
			// section did not run.
			this.failed.incrementAndGet();
		}
	}

	private void section(String lock, LockHandle held) {
		long token = held.fencingToken();
		if (this.inside.get(lock).incrementAndGet() > 1) {
			this.overlaps.incrementAndGet();
		}
		try {
			if (this.lastTokens.get(lock).getAndAccumulate(token, Math::max) >= token) {
				this.staleTokens.incrementAndGet();
			}
			// Read, then written: an update is lost when two holders overlap.
			AtomicInteger counter = this.counters.get(lock);
			int value = counter.get();
			Thread.yield();
			counter.set(value + 1);
			this.acquired.incrementAndGet();
		}
		finally {
			this.inside.get(lock).decrementAndGet();
		}
	}

	@Override
	public void close() {
		this.stopped = true;
		this.threads.shutdownNow();
	}

}
