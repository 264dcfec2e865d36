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

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * The {@link LeaseKeeper}'s bookkeeping for one claim: at most one renewal of the claim
 * is queued or in flight at a time; a request that comes meanwhile is kept for after it.
 */
final class ClaimRenewal {

	private static final int IDLE = 0;

	private static final int PENDING = 1;

	private static final int PENDING_AND_ASKED_AGAIN = 2;

	private final AtomicInteger state = new AtomicInteger(IDLE);

	/** The store expiry ({@link Timing#nanoTime()}) that the last request asked for. */
	private volatile long askedExpiry;

	private volatile @Nullable ScheduledFuture<?> next;

	/**
	 * Returns whether the claim should be queued now: {@code false} while a renewal is
	 * pending.
	 */
	boolean request() {
		return this.state.getAndUpdate((state) -> (state == IDLE) ? PENDING : PENDING_AND_ASKED_AGAIN) == IDLE;
	}

	/** Ends the pending renewal; returns whether another was asked for meanwhile. */
	boolean done() {
		return this.state.getAndSet(IDLE) == PENDING_AND_ASKED_AGAIN;
	}

	long askedExpiry() {
		return this.askedExpiry;
	}

	void asked(long expiry) {
		this.askedExpiry = expiry;
	}

	/**
	 * Schedules a renewal with {@code schedule} unless one is scheduled and still to run.
	 */
	void scheduleUnlessScheduled(Supplier<@Nullable ScheduledFuture<?>> schedule) {
		ScheduledFuture<?> current = this.next;
		if (current == null || current.isDone()) {
			schedule(schedule.get());
		}
	}

	/** Replaces the scheduled renewal (watchdog or retry), cancelling the one before. */
	void schedule(@Nullable ScheduledFuture<?> renewal) {
		ScheduledFuture<?> previous = this.next;
		this.next = renewal;
		if (previous != null) {
			previous.cancel(false);
		}
	}

}
