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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.store.Locker;

/**
 * This process's ownership of one lock in the store: one owner token from the store
 * acquire that took the lock until the release that gives it back, however many local
 * holdings it passes through.
 *
 * <p>
 * It keeps a lower bound of when the store's copy expires, so that "held" locally never
 * outlives the store (invariant 2 of PROTOCOL.md). Only the acquiring thread and then the
 * {@link LeaseKeeper}, one answer at a time, move that bound; anyone may find the claim
 * lost, and a lost claim stays lost.
 */
final class Claim {

	/** The forward step of the store's clock that {@link #clockAllowance} allows for. */
	static final long CLOCK_STEP_ALLOWANCE = TimeUnit.MILLISECONDS.toNanos(2);

	private final String key;

	private final String owner;

	private final LocalLock local;

	/**
	 * The store, asked whether it still keeps this process's claims (invariant 2 of
	 * PROTOCOL.md).
	 */
	private final Locker locker;

	private final Timing timing;

	private final AtomicBoolean lost = new AtomicBoolean();

	/**
	 * Whether its loss was reported (by the store, a renewal or a mint), not only found
	 * by a reader of {@link #isLive()}.
	 */
	private final AtomicBoolean lossReported = new AtomicBoolean();

	/** {@link Timing#nanoTime()} before which the store surely still has the lock. */
	private volatile long confirmedExpiry;

	/**
	 * {@link Timing#nanoTime()} after which the store surely no longer has the lock: the
	 * latest end of any lease asked for it, counted from when its answer came or the
	 * request failed.
	 */
	private volatile long latestExpiry;

	/** When the store last answered for this claim, for check-ins. */
	private volatile long lastAnswerAt;

	private volatile boolean othersWaiting;

	/** The lease keeper's own bookkeeping for this claim. */
	final ClaimRenewal renewal = new ClaimRenewal();

	/**
	 * A claim that the store granted for {@code leaseNanos}, asked at {@code sentAt} (a
	 * {@link Timing#nanoTime()} value) and answered just now, by {@code locker}.
	 */
	Claim(String key, String owner, LocalLock local, Locker locker, long sentAt, long leaseNanos) {
		this.key = key;
		this.owner = owner;
		this.local = local;
		this.locker = locker;
		this.timing = local.timing();
		this.lastAnswerAt = sentAt;
		this.confirmedExpiry = storeExpiry(sentAt, leaseNanos);
		// What was asked, as a renewal records it, not what this process counts on.
		this.renewal.asked(sentAt + leaseNanos);
		this.latestExpiry = this.timing.nanoTime();
		mayKeepFor(leaseNanos);
	}

	/**
	 * The least time until which the store keeps a lock that it was asked, at
	 * {@code sentAt}, to keep for {@code leaseNanos}: stores count whole milliseconds
	 * (Redis's {@code PX}) and may round down, though to no less than one; and the
	 * store's clock may run faster than this process's, which {@link #clockAllowance}
	 * allows for.
	 */
	static long storeExpiry(long sentAt, long leaseNanos) {
		long storeLease = TimeUnit.MILLISECONDS.toNanos(Math.max(1, TimeUnit.NANOSECONDS.toMillis(leaseNanos)));
		return sentAt + storeLease - clockAllowance(storeLease);
	}

	/**
	 * How much sooner than this process counts a store may end a lease: its clock may run
	 * up to 1% fast, or step forward by up to 2 ms (as Redlock allows for, REDLOCK.md). A
	 * larger step of the store's clock cuts leases short; PROTOCOL.md, invariant 2.
	 */
	static long clockAllowance(long leaseNanos) {
		return leaseNanos / 100 + CLOCK_STEP_ALLOWANCE;
	}

	String key() {
		return this.key;
	}

	String owner() {
		return this.owner;
	}

	LocalLock local() {
		return this.local;
	}

	/**
	 * Whether the store surely still holds the lock for this claim; once false, false for
	 * good.
	 */
	boolean isLive() {
		if (this.lost.get()) {
			return false;
		}
		if (now() - this.confirmedExpiry >= 0 || !this.locker.keepsClaims()) {
			this.lost.set(true);
			return false;
		}
		return true;
	}

	/**
	 * Whether the claim is live and the store surely keeps it for at least {@code nanos}
	 * more.
	 */
	boolean isLiveFor(long nanos) {
		return isLive() && this.confirmedExpiry - now() >= nanos;
	}

	/**
	 * A request for a lease of {@code leaseNanos} was answered, or failed, just now: the
	 * store may keep the lock until that lease ends, by a clock that may run slow.
	 */
	void mayKeepFor(long leaseNanos) {
		long expiry = now() + leaseNanos + clockAllowance(leaseNanos);
		if (expiry - this.latestExpiry > 0) {
			this.latestExpiry = expiry;
		}
	}

	/**
	 * The longest the store may still keep the lock from now, for releasing it in the
	 * background.
	 */
	Duration storeLeaseLeftAtMost() {
		return Duration.ofNanos(Math.max(0, this.latestExpiry - now()));
	}

	/** The time now, as the process counts it ({@link Timing#nanoTime()}). */
	long now() {
		return this.timing.nanoTime();
	}

	long confirmedExpiry() {
		return this.confirmedExpiry;
	}

	boolean othersWaiting() {
		return this.othersWaiting;
	}

	long lastAnswerAt() {
		return this.lastAnswerAt;
	}

	/** The store set the lease that a renewal asked to last until {@code expiry}. */
	void renewed(long expiry, boolean othersWaiting) {
		this.lastAnswerAt = now();
		if (othersWaiting) {
			this.othersWaiting = true;
		}
		if (isLive()) {
			this.confirmedExpiry = expiry;
		}
	}

	/**
	 * A renewal asking for {@code expiry} got no answer: the store may have applied it,
	 * so the bound can only come down.
	 */
	void unconfirmed(long expiry) {
		if (expiry - this.confirmedExpiry < 0) {
			this.confirmedExpiry = expiry;
		}
	}

	/**
	 * Marks the claim lost, as reported by the store, a renewal or a mint; returns
	 * {@code false} if that was reported already. A reader of {@link #isLive()} that
	 * found the claim lost first reported nothing, so the first report still wakes those
	 * the loss concerns.
	 */
	boolean markLost() {
		this.lost.set(true);
		return this.lossReported.compareAndSet(false, true);
	}

}
