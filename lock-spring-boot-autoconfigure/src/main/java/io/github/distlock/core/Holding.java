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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * One outermost holding of a lock by this process, on the process's {@link Claim}: its
 * lease, its fencing token once minted, and the nested views that share it.
 *
 * <p>
 * It is held while it is neither released nor lost, its own lease has not run out, and
 * the claim is live. A fixed lease counts from when the holding started: the store
 * acquire's request, or the hand-off. A watchdog lease is renewed while held, up to the
 * maximum hold time.
 */
final class Holding {

	private final Claim claim;

	private final LockRequest request;

	/**
	 * When the holding began ({@link Timing#nanoTime()}): the store acquire's request, or
	 * the hand-off.
	 */
	private final long startedAt;

	/** Until when ({@link Timing#nanoTime()}) the holding may hold the lock at most. */
	private final long leaseEnd;

	private volatile @Nullable Thread thread;

	private final AtomicInteger views = new AtomicInteger(1);

	/** Open views still bound to {@link #thread}; at zero nothing may re-enter. */
	private final AtomicInteger threadBoundViews = new AtomicInteger(1);

	private final AtomicBoolean lost = new AtomicBoolean();

	private volatile boolean released;

	private volatile boolean abandoned;

	/**
	 * Guards the fencing token's minting against the release (invariant 6 of
	 * PROTOCOL.md).
	 */
	private final ReentrantLock fencing = new ReentrantLock();

	/**
	 * Written once, under {@link #fencing}; read without it by
	 * {@link #mintedFencingToken()}.
	 */
	private volatile long fencingToken;

	Holding(Claim claim, LockRequest request, Thread thread, long startedAt) {
		this.claim = claim;
		this.request = request;
		this.startedAt = startedAt;
		this.thread = thread;
		Duration limit = request.longestHold();
		this.leaseEnd = (limit != null) ? startedAt + limit.toNanos() : startedAt + Long.MAX_VALUE / 2;
	}

	Claim claim() {
		return this.claim;
	}

	LockRequest request() {
		return this.request;
	}

	String key() {
		return this.request.key();
	}

	long leaseEnd() {
		return this.leaseEnd;
	}

	long startedAt() {
		return this.startedAt;
	}

	/**
	 * The thread that may re-enter the holding, or {@code null} once no view is bound to
	 * one.
	 */
	@Nullable Thread thread() {
		return this.thread;
	}

	boolean isHeld() {
		return !this.released && !this.lost.get() && this.claim.now() - this.leaseEnd < 0 && this.claim.isLive();
	}

	/**
	 * Nanoseconds until the holding stops being held, unless renewed: zero once it is not
	 * held.
	 */
	long remainingNanos() {
		if (!isHeld()) {
			return 0;
		}
		long now = this.claim.now();
		// Differences only: instants may lie on either side of a wrap of the clock.
		return Math.max(0, Math.min(this.leaseEnd - now, this.claim.confirmedExpiry() - now));
	}

	Duration remainingLease() {
		return Duration.ofNanos(remainingNanos());
	}

	boolean isReleased() {
		return this.released;
	}

	/**
	 * Whether every view became unreachable without being closed, so the lock is no
	 * longer kept alive.
	 */
	boolean isAbandoned() {
		return this.abandoned;
	}

	/** Whether the given thread may re-enter this holding without a round trip. */
	boolean isReentrantFor(Thread candidate) {
		return this.thread == candidate && isHeld();
	}

	/**
	 * One view stops being bound to the thread; when none is left, the thread may not
	 * re-enter.
	 */
	void unbindView() {
		if (this.threadBoundViews.decrementAndGet() == 0) {
			this.thread = null;
		}
	}

	/**
	 * Adds a nested view, unless the last view was closed meanwhile (on another thread),
	 * so the holding is being released.
	 * @return whether the nested view was added
	 */
	boolean tryEnter() {
		if (this.views.getAndUpdate((views) -> (views == 0) ? 0 : views + 1) == 0) {
			return false;
		}
		this.threadBoundViews.incrementAndGet();
		return true;
	}

	/** Returns whether that was the last view, so the lock must be released. */
	boolean exit() {
		return this.views.decrementAndGet() == 0;
	}

	/**
	 * A view became unreachable without being closed; returns whether it was the last
	 * one, so nobody can release the holding any more.
	 */
	boolean viewLeaked() {
		boolean last = exit();
		if (last) {
			this.abandoned = true;
		}
		return last;
	}

	/**
	 * Marks the holding lost; returns {@code false} if it was known to be lost already.
	 */
	boolean markLost() {
		return this.lost.compareAndSet(false, true);
	}

	/** Marks it released, after a fencing token being minted for it (if any) has been. */
	void markReleased() {
		this.fencing.lock();
		try {
			this.released = true;
		}
		finally {
			this.fencing.unlock();
		}
	}

	/**
	 * Returns the fencing token, minting it with {@code mint} the first time, while the
	 * holding is held. The lock is held across the mint so a release on another thread
	 * waits for it.
	 */
	long fencingToken(FencingMint mint) {
		this.fencing.lock();
		try {
			if (this.fencingToken == 0) {
				this.fencingToken = mint.mint(this);
			}
			return this.fencingToken;
		}
		finally {
			this.fencing.unlock();
		}
	}

	/**
	 * The fencing token if one was minted, without waiting for a mint under way; zero
	 * otherwise.
	 */
	long mintedFencingToken() {
		return this.fencingToken;
	}

	/** Mints a fencing token for a holding in the store. */
	@FunctionalInterface
	interface FencingMint {

		long mint(Holding holding);

	}

}
