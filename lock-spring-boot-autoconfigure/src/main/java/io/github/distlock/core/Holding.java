package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

/**
 * One outermost holding of a lock by this process: its owner token, fencing token, lease and
 * how many nested holdings share it.
 */
final class Holding {

	private final LockRequest request;

	private final String owner;

	private final long fencingToken;

	private volatile @Nullable Thread thread;

	private final long acquiredAt;

	private volatile long expiresAt;

	private final AtomicInteger holds = new AtomicInteger(1);

	/** Open views still bound to {@link #thread}; at zero nothing may re-enter. */
	private final AtomicInteger threadBoundViews = new AtomicInteger(1);

	private final AtomicBoolean lost = new AtomicBoolean();

	private volatile boolean released;

	private volatile @Nullable Future<?> renewal;

	/**
	 * Creates a holding whose lease was granted by a request sent at {@code sentAt}, so the
	 * local estimate of its expiry is never later than the store's.
	 */
	Holding(LockRequest request, String owner, long fencingToken, Thread thread, long sentAt) {
		this.request = request;
		this.owner = owner;
		this.fencingToken = fencingToken;
		this.thread = thread;
		this.acquiredAt = sentAt;
		this.expiresAt = sentAt + request.lease().toNanos();
	}

	LockRequest request() {
		return this.request;
	}

	String key() {
		return this.request.key();
	}

	String owner() {
		return this.owner;
	}

	long fencingToken() {
		return this.fencingToken;
	}

	long acquiredAt() {
		return this.acquiredAt;
	}

	boolean isHeld() {
		return !this.released && !this.lost.get() && System.nanoTime() - this.expiresAt < 0;
	}

	boolean isReleased() {
		return this.released;
	}

	/** Whether the current thread may re-enter this holding without a round trip. */
	boolean isReentrantFor(Thread candidate) {
		return this.thread == candidate && isHeld();
	}

	/** One view stops being bound to the thread; when none is left, the thread may not re-enter. */
	void unbindView() {
		if (this.threadBoundViews.decrementAndGet() == 0) {
			this.thread = null;
		}
	}

	/**
	 * Adds a nested view, unless the last view was closed meanwhile (on another thread), so the
	 * holding is being released.
	 * @return whether the nested view was added
	 */
	boolean tryEnter() {
		if (this.holds.getAndUpdate((holds) -> (holds == 0) ? 0 : holds + 1) == 0) {
			return false;
		}
		this.threadBoundViews.incrementAndGet();
		return true;
	}

	/** Returns whether that was the outermost holding, so the lock must be released. */
	boolean exit() {
		return this.holds.decrementAndGet() == 0;
	}

	void extended(long sentAt, Duration lease) {
		this.expiresAt = sentAt + lease.toNanos();
	}

	Duration remainingLease() {
		return Duration.ofNanos(Math.max(0, this.expiresAt - System.nanoTime()));
	}

	/** Marks the lease lost; returns {@code false} if it was known to be lost already. */
	boolean markLost() {
		stopRenewal();
		return this.lost.compareAndSet(false, true);
	}

	void markReleased() {
		this.released = true;
		stopRenewal();
	}

	void renewWith(Future<?> renewal) {
		this.renewal = renewal;
	}

	void stopRenewal() {
		Future<?> current = this.renewal;
		if (current != null) {
			current.cancel(false);
		}
	}

}
