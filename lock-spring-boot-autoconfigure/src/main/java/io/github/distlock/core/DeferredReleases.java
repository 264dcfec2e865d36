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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;

/**
 * Releases holdings some time after their callers let go of them: a minimum hold
 * ({@code holdAtLeastMs}). Meanwhile the lock stays held, so neither this process's other
 * threads nor other processes take it. When the application stops first ({@link #stop()},
 * while the store can still be reached), a holding still waiting here is not released: it
 * is no longer renewed, and the store is told to let it expire when its minimum hold ends
 * (never beyond a fixed lease), in one batch of renewals, so the lock outlives the
 * process by no more than the hold asked for.
 */
final class DeferredReleases implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(DeferredReleases.class);

	private final Locker locker;

	private final LeaseKeeper keeper;

	private final Timing timing;

	private volatile boolean accepting = true;

	private final ScheduledExecutorService timer;

	private final Set<Pending> pending = ConcurrentHashMap.newKeySet();

	DeferredReleases(Locker locker, LeaseKeeper keeper, Timing timing) {
		this.locker = locker;
		this.keeper = keeper;
		this.timing = timing;
		this.timer = timing.newScheduler("distlock-hold");
	}

	/**
	 * Runs {@code release} after {@code delay}; once stopped, leaves the holding to the
	 * store and runs {@code leftToStore}.
	 * @param holding the holding that {@code release} releases
	 */
	void releaseAfter(Holding holding, Duration delay, Runnable release, Runnable leftToStore) {
		Pending deferred = new Pending(holding, this.timing.nanoTime() + delay.toNanos(), release, leftToStore);
		if (!this.accepting) {
			leaveToStore(List.of(deferred));
			return;
		}
		this.pending.add(deferred);
		try {
			this.timer.schedule(() -> runIfPending(deferred), delay.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			if (this.pending.remove(deferred)) {
				leaveToStore(List.of(deferred));
			}
		}
	}

	private void runIfPending(Pending deferred) {
		if (this.pending.remove(deferred)) {
			deferred.release().run();
		}
	}

	/** Returns how many releases wait, for tests. */
	int pending() {
		return this.pending.size();
	}

	/** Accepts minimum holds again, after {@link #stop()}. */
	void start() {
		this.accepting = true;
	}

	/**
	 * Leaves every holding waiting here, and any deferred from now on, to expire in the
	 * store.
	 */
	void stop() {
		this.accepting = false;
		List<Pending> left = new ArrayList<>();
		for (Pending deferred : this.pending) {
			if (this.pending.remove(deferred)) {
				left.add(deferred);
			}
		}
		if (!left.isEmpty()) {
			leaveToStore(left);
		}
	}

	@Override
	public void close() {
		stop();
		this.timer.shutdownNow();
	}

	private void leaveToStore(List<Pending> left) {
		long now = this.timing.nanoTime();
		List<LeaseRequest> leases = new ArrayList<>(left.size());
		for (Pending deferred : left) {
			Holding holding = deferred.holding();
			long nanos = deferred.releaseAt() - now;
			if (!holding.request().watchdog()) {
				nanos = Math.min(nanos, holding.remainingNanos());
			}
			// Rounded up: the store counts whole milliseconds, and the hold is a minimum.
			// A hold already
			// over (its timer late) leaves the lock a millisecond, not the rest of its
			// lease.
			long millis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos + TimeUnit.MILLISECONDS.toNanos(1) - 1));
			leases.add(new LeaseRequest(holding.key(), holding.claim().owner(), Duration.ofMillis(millis)));
			// A view still open may release the holding later: it must not count on more
			// than this.
			holding.claim().unconfirmed(Claim.storeExpiry(now, TimeUnit.MILLISECONDS.toNanos(millis)));
			this.keeper.released(holding.claim());
			// No caller can release it now; it is not abandoned.
			holding.markReleased();
		}
		try {
			this.locker.renew(leases);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not shorten the leases of " + leases.size() + " lock(s) held for a minimum time, the "
					+ "first '" + leases.get(0).key() + "', as the application stops; they expire by their leases", ex);
		}
		finally {
			// After the store has the shortened lease, so that the next thread here is
			// told when it ends.
			left.forEach((deferred) -> deferred.leftToStore().run());
		}
	}

	/**
	 * A release waiting for its time. Two are never equal: each has its own release
	 * action.
	 *
	 * @param releaseAt when to release, a {@link Timing#nanoTime()} value
	 */
	private record Pending(Holding holding, long releaseAt, Runnable release, Runnable leftToStore) {
	}

}
