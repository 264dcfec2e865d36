package io.github.distlock.core;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * This process's ownership of one lock in the store: one owner token from the store acquire that
 * took the lock until the release that gives it back, however many local holdings it passes
 * through.
 *
 * <p>It keeps a lower bound of when the store's copy expires, so that "held" locally never
 * outlives the store (invariant 2 of PROTOCOL.md). Only the acquiring thread and then the
 * {@link LeaseKeeper}, one answer at a time, move that bound; anyone may find the claim lost, and a
 * lost claim stays lost.
 */
final class Claim {

	private final String key;

	private final String owner;

	private final LocalLock local;

	private final AtomicBoolean lost = new AtomicBoolean();

	/** {@link System#nanoTime()} before which the store surely still has the lock. */
	private volatile long confirmedExpiry;

	/** When the store last answered for this claim, for check-ins. */
	private volatile long lastAnswerAt;

	private volatile boolean othersWaiting;

	/** The lease keeper's own bookkeeping for this claim. */
	final ClaimRenewal renewal = new ClaimRenewal();

	Claim(String key, String owner, LocalLock local, long sentAt, long confirmedExpiry) {
		this.key = key;
		this.owner = owner;
		this.local = local;
		this.lastAnswerAt = sentAt;
		this.confirmedExpiry = confirmedExpiry;
		this.renewal.asked(confirmedExpiry);
	}

	/**
	 * The least time until which the store keeps a lock that it was asked, at {@code sentAt}, to
	 * keep for {@code leaseNanos}: stores count whole milliseconds (Redis's {@code PX}) and may
	 * round down, though to no less than one.
	 */
	static long storeExpiry(long sentAt, long leaseNanos) {
		return sentAt + TimeUnit.MILLISECONDS.toNanos(Math.max(1, TimeUnit.NANOSECONDS.toMillis(leaseNanos)));
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

	/** Whether the store surely still holds the lock for this claim; once false, false for good. */
	boolean isLive() {
		if (this.lost.get()) {
			return false;
		}
		if (System.nanoTime() - this.confirmedExpiry >= 0) {
			this.lost.set(true);
			return false;
		}
		return true;
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
		this.lastAnswerAt = System.nanoTime();
		if (othersWaiting) {
			this.othersWaiting = true;
		}
		if (isLive()) {
			this.confirmedExpiry = expiry;
		}
	}

	/**
	 * A renewal asking for {@code expiry} got no answer: the store may have applied it, so the
	 * bound can only come down.
	 */
	void unconfirmed(long expiry) {
		if (expiry - this.confirmedExpiry < 0) {
			this.confirmedExpiry = expiry;
		}
	}

	/** Marks the claim lost; returns {@code false} if it was known to be lost already. */
	boolean markLost() {
		return this.lost.compareAndSet(false, true);
	}

}
