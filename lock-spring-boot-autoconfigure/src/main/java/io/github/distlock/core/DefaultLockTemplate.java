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

package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.store.Locker;

import org.springframework.context.SmartLifecycle;

/**
 * The {@link LockTemplate} over any {@link Locker}. Close it when the application stops,
 * to stop the watchdog.
 *
 * <p>
 * As a {@link SmartLifecycle} in {@link #PHASE}, it leaves the locks still in a minimum
 * hold to expire in the store when their holds end, after the components that take locks
 * have stopped and while the store can still be reached.
 *
 * @since 0.1.0
 */
public final class DefaultLockTemplate implements LockTemplate, SmartLifecycle, AutoCloseable {

	/**
	 * The lifecycle phase of the template: below the web server's graceful shutdown and
	 * the schedulers, which finish the work that takes locks first, and above the Redis
	 * locker's and the connection factory's, which must still answer.
	 */
	public static final int PHASE = 2048;

	/**
	 * What listeners are told failed an acquisition that an {@code Error} interrupted.
	 */
	private static final RuntimeException INTERRUPTED_BY_AN_ERROR = new IllegalStateException(
			"An Error was thrown while the lock was taken");

	/**
	 * Longer waits are cut to this, so the deadline fits in a {@code long} of
	 * nanoseconds.
	 */
	private static final Duration LONGEST_WAIT = Duration.ofDays(10_000);

	private final WatchdogSettings settings;

	private final LockStatistics statistics = new LockStatistics();

	private final LockListener listener;

	private final LockCoordinator coordinator;

	private final Timing timing;

	private volatile boolean running = true;

	/**
	 * Creates a template that takes its locks from the given store.
	 * @param locker the lock store
	 * @param settings the watchdog settings
	 */
	public DefaultLockTemplate(Locker locker, WatchdogSettings settings) {
		this(locker, settings, List.of());
	}

	/**
	 * Creates a template that takes its locks from the given store and tells listeners
	 * what it does.
	 * @param locker the lock store
	 * @param settings the watchdog settings
	 * @param listeners told of every acquisition, release, hand-over, renewal and lost
	 * lease, in order, after the template's own {@link #statistics()}
	 */
	public DefaultLockTemplate(Locker locker, WatchdogSettings settings, List<LockListener> listeners) {
		this(locker, settings, listeners, InstanceNames.thisProcess(null));
	}

	/**
	 * Creates a template that takes its locks from the given store, tells listeners what
	 * it does, and names this instance in the locks it takes.
	 * @param locker the lock store
	 * @param settings the watchdog settings
	 * @param listeners told of every acquisition, release, hand-over, renewal and lost
	 * lease, in order, after the template's own {@link #statistics()}
	 * @param instance this instance's name, as {@link #holder(String)} tells it on any
	 * instance sharing the store (see {@link InstanceNames})
	 */
	public DefaultLockTemplate(Locker locker, WatchdogSettings settings, List<LockListener> listeners,
			String instance) {
		this(locker, settings, listeners, instance, Timing.SYSTEM);
	}

	/**
	 * As above, on the given timing: the system's, or a simulation's in the exploration
	 * tests.
	 */
	DefaultLockTemplate(Locker locker, WatchdogSettings settings, List<LockListener> listeners, String instance,
			Timing timing) {
		this.timing = timing;
		this.settings = settings;
		List<LockListener> all = new ArrayList<>(listeners.size() + 1);
		all.add(this.statistics.counter());
		all.addAll(listeners);
		this.listener = new LockListeners(all);
		this.coordinator = new LockCoordinator(locker, settings, this.listener, !listeners.isEmpty(), instance, timing);
	}

	@Override
	public Optional<LockHandle> tryAcquire(String key, @Nullable Duration lease, @Nullable Duration wait) {
		if (key == null || key.isBlank()) {
			throw new IllegalArgumentException("Lock key must not be null or blank, was " + quoted(key));
		}
		requireNotNegative("lease", key, lease);
		requireNotNegative("wait", key, wait);
		long start = this.timing.nanoTime();
		if (!this.coordinator.told()) {
			// Nobody listens to acquisitions (the statistics count only lost leases and
			// failed releases).
			Holding holding = this.coordinator.acquire(request(key, lease, start), start + waitNanos(wait));
			return (holding != null) ? Optional.of(new HoldingHandle(holding, this.coordinator)) : Optional.empty();
		}
		return acquireTellingListeners(key, lease, wait, start);
	}

	private Optional<LockHandle> acquireTellingListeners(String key, @Nullable Duration lease, @Nullable Duration wait,
			long start) {
		this.listener.acquiring(key);
		Holding holding = null;
		boolean ended = false;
		try {
			holding = this.coordinator.acquire(request(key, lease, start), start + waitNanos(wait));
			ended = true;
		}
		catch (RuntimeException ex) {
			ended = true;
			this.listener.failed(key, since(start), ex);
			throw ex;
		}
		finally {
			if (!ended) {
				// An Error: listeners still end what they began (an observation made
				// current), told
				// with an exception made in advance, since making one may be what failed.
				this.listener.failed(key, since(start), INTERRUPTED_BY_AN_ERROR);
			}
		}
		if (holding == null) {
			this.listener.busy(key, since(start));
			return Optional.empty();
		}
		HoldingHandle handle = new HoldingHandle(holding, this.coordinator);
		this.listener.acquired(key, handle.hold(), since(start));
		return Optional.of(handle);
	}

	private Duration since(long start) {
		return Duration.ofNanos(this.timing.nanoTime() - start);
	}

	/**
	 * Returns counts of lost leases and failed releases.
	 * @return the statistics
	 */
	public LockStatistics statistics() {
		return this.statistics;
	}

	/**
	 * Returns the locks this instance holds and waits for now, read without asking the
	 * store.
	 * @return the holdings and the waiting callers
	 */
	public LockActivity activity() {
		return this.coordinator.activity();
	}

	/**
	 * Asks the store who holds a lock: this instance or another one sharing the store.
	 * @param key the lock's identity
	 * @return the holder, or empty when the lock is free
	 * @throws io.github.distlock.LockStoreException when the store cannot be reached
	 * @throws UnsupportedOperationException when the store cannot tell
	 */
	public Optional<LockHolder> holder(String key) {
		return this.coordinator.holder(key);
	}

	/** Returns how many threads of this process queue for the lock's turn, for tests. */
	int queued(String key) {
		return this.coordinator.queued(key);
	}

	/** Returns how many locks this process holds or waits for, for tests. */
	int localLockCount() {
		return this.coordinator.localLockCount();
	}

	/** Returns how many releases wait for a minimum hold to end, for tests. */
	int pendingReleases() {
		return this.coordinator.pendingReleases();
	}

	@Override
	public void start() {
		this.coordinator.startDeferredReleases();
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.coordinator.stopDeferredReleases();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	@Override
	public void close() {
		this.coordinator.close();
	}

	private LockRequest request(String key, @Nullable Duration lease, long start) {
		if (lease == null || lease.isZero()) {
			return new LockRequest(key, this.settings.watchdogLease(), true, this.settings.maxHold(), start);
		}
		return new LockRequest(key, lease, false, null, start);
	}

	private static long waitNanos(@Nullable Duration wait) {
		if (wait == null) {
			return 0;
		}
		return ((wait.compareTo(LONGEST_WAIT) < 0) ? wait : LONGEST_WAIT).toNanos();
	}

	private static void requireNotNegative(String name, String key, @Nullable Duration duration) {
		if (duration != null && duration.isNegative()) {
			throw new IllegalArgumentException(
					"Lock " + name + " must not be negative, was " + duration + " for lock '" + key + "'");
		}
	}

	private static String quoted(@Nullable String key) {
		return (key != null) ? "'" + key + "'" : "null";
	}

}
