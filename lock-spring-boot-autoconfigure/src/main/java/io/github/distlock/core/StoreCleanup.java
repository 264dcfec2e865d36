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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.store.Locker;

import org.springframework.core.log.LogMessage;

/**
 * Releases, in the background, locks that a request which failed on the caller's side may
 * still have taken or kept in the store (it answered too late, its reply was lost, or the
 * master died before it arrived and a replica took over with the lock), so they do not
 * stay held by nobody until their lease runs out. PROTOCOL.md beside this class says when
 * it retries and when it gives up. Sent after the failed request on the same connection,
 * a release reaches the store after it. Clean-ups may block for a command timeout, so
 * they have a thread of their own; the queue is bounded, since during a long outage the
 * locks behind the oldest clean-ups expire by their leases anyway.
 */
final class StoreCleanup implements AutoCloseable {

	static final int CAPACITY = 10_000;

	/** Soon enough that a lock is freed soon after the client reaches the store again. */
	static final Duration FIRST_RETRY = Duration.ofMillis(100);

	/** Few enough attempts that an outage costs the store and the log little. */
	static final Duration LAST_RETRY = Duration.ofSeconds(1);

	private static final Log logger = LogFactory.getLog(StoreCleanup.class);

	private final Locker locker;

	private final BlockingQueue<Owner> owners = new LinkedBlockingQueue<>(CAPACITY);

	private final Timing timing;

	private final ScheduledExecutorService thread;

	/**
	 * Whether a round is scheduled or running, so that one thread of rounds at a time
	 * sends releases.
	 */
	private final AtomicBoolean roundPending = new AtomicBoolean();

	/** Touched by the clean-up thread only. */
	private Duration nextRetry = FIRST_RETRY;

	StoreCleanup(Locker locker, Timing timing) {
		this.locker = locker;
		this.timing = timing;
		this.thread = timing.newScheduler("distlock-cleanup");
	}

	/**
	 * Releases {@code owner}'s lock in the background, until the store answers or
	 * {@code lease} has run out from now.
	 * @param key the lock's identity
	 * @param owner the owner token the failed request carried
	 * @param lease the longest the store may keep the lock for that owner from now
	 */
	void releaseLater(String key, String owner, Duration lease) {
		if (!this.owners.offer(new Owner(key, owner, this.timing.nanoTime() + lease.toNanos()))) {
			logger.debug("Lock clean-up queue is full; the lock expires by its lease");
			return;
		}
		scheduleRound();
	}

	/** Returns how many clean-ups wait to be sent, for tests. */
	int queued() {
		return this.owners.size();
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
	}

	private void scheduleRound() {
		if (this.roundPending.compareAndSet(false, true)) {
			schedule(Duration.ZERO);
		}
	}

	private void schedule(Duration delay) {
		try {
			this.thread.schedule(this::round, delay.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// Closed: the locks left expire by their leases.
		}
	}

	/**
	 * Sends the releases waiting, oldest first, until one fails: then all wait for the
	 * next retry.
	 */
	private void round() {
		for (Owner next = this.owners.peek(); next != null; next = this.owners.peek()) {
			if (next.isPastAt(this.timing.nanoTime()) || sent(next)) {
				this.owners.poll();
			}
			else {
				schedule(this.nextRetry);
				Duration doubled = this.nextRetry.multipliedBy(2);
				this.nextRetry = (doubled.compareTo(LAST_RETRY) < 0) ? doubled : LAST_RETRY;
				return;
			}
		}
		this.roundPending.set(false);
		// A clean-up offered as this round ended would otherwise wait for the next one.
		if (!this.owners.isEmpty()) {
			scheduleRound();
		}
	}

	private boolean sent(Owner owner) {
		try {
			this.locker.release(owner.key(), owner.owner());
			this.nextRetry = FIRST_RETRY;
			return true;
		}
		catch (RuntimeException ex) {
			logger.debug(
					LogMessage.format("Could not clean up lock '%s' after a failed request; retrying", owner.key()),
					ex);
			return false;
		}
	}

	/** An owner to release, until {@code until} ({@link Timing#nanoTime()}). */
	private record Owner(String key, String owner, long until) {

		boolean isPastAt(long now) {
			return now - this.until >= 0;
		}

	}

}
