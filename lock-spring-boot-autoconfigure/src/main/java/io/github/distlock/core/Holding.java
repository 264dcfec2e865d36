package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockBackendException;

/**
 * One outermost holding of a lock by this process: its owner token, fencing token, lease and
 * how many nested holdings share it.
 *
 * <p>A holding handed over by a releasing holder may start before the store has granted it (see
 * {@link LockReleaser}); its fencing token, renewal and release wait for the grant.
 */
final class Holding {

	private final LockRequest request;

	private final String owner;

	/** Completes with the fencing token when the store has granted the holding, or fails. */
	private final CompletableFuture<Long> grant;

	private volatile @Nullable Thread thread;

	private final long acquiredAt;

	private volatile long expiresAt;

	private final AtomicInteger holds = new AtomicInteger(1);

	/** Open views still bound to {@link #thread}; at zero nothing may re-enter. */
	private final AtomicInteger threadBoundViews = new AtomicInteger(1);

	private final AtomicBoolean lost = new AtomicBoolean();

	private volatile boolean released;

	private volatile @Nullable Future<?> renewal;

	/** The owner this holding was handed over from, which holds the lock in the store until the grant. */
	private final @Nullable String previousOwner;

	private Holding(LockRequest request, String owner, CompletableFuture<Long> grant, Thread thread, long sentAt,
			long expiresAt, @Nullable String previousOwner) {
		this.request = request;
		this.previousOwner = previousOwner;
		this.owner = owner;
		this.grant = grant;
		this.thread = thread;
		this.acquiredAt = sentAt;
		this.expiresAt = expiresAt;
	}

	/**
	 * A holding the store granted, with its fencing token, to a request sent at {@code sentAt}; the
	 * lease is counted from then, so the local estimate of its expiry is never later than the store's.
	 */
	static Holding granted(LockRequest request, String owner, long fencingToken, Thread thread, long sentAt) {
		return new Holding(request, owner, CompletableFuture.completedFuture(fencingToken), thread, sentAt,
				sentAt + request.lease().toNanos(), null);
	}

	/**
	 * A holding handed over from {@code previous}, whose grant by the store is still to come: until
	 * then the lock lives in the store on the previous holding's lease.
	 */
	static Holding handedOverFrom(Holding previous, LockRequest request, String owner, Thread thread) {
		return new Holding(request, owner, new CompletableFuture<>(), thread, System.nanoTime(), previous.expiresAt,
				previous.owner);
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

	/**
	 * Returns the fencing token, waiting for the store's grant if it is still to come.
	 * @throws LockBackendException when the store did not grant the holding
	 */
	long fencingToken() {
		try {
			return this.grant.join();
		}
		catch (CompletionException ex) {
			throw new LockBackendException("Lock '" + key() + "' was handed to this holder, but the lock store did not "
					+ "confirm it, so it has no fencing token (" + ex.getCause().getMessage() + ")", ex.getCause());
		}
	}

	/** Records the store's grant, whose request was sent after this holding was created. */
	void granted(long fencingToken) {
		this.expiresAt = this.acquiredAt + this.request.lease().toNanos();
		this.grant.complete(fencingToken);
	}

	/** Records that the store did not grant the holding; {@code why} becomes the fencing token's failure. */
	void notGranted(Throwable why) {
		// Wrapped, so that join() always throws a CompletionException with the cause.
		this.grant.completeExceptionally(new CompletionException(why));
	}

	/** The owner this holding was handed over from, or {@code null} for one taken from the store. */
	@Nullable String previousOwner() {
		return this.previousOwner;
	}

	boolean isGranted() {
		return this.grant.isDone() && !this.grant.isCompletedExceptionally();
	}

	/** Waits for the store's grant; returns whether it was granted. */
	boolean awaitGrant() {
		try {
			this.grant.join();
			return true;
		}
		catch (CompletionException ex) {
			return false;
		}
	}

	long acquiredAt() {
		return this.acquiredAt;
	}

	boolean isHeld() {
		return !this.released && !this.lost.get() && System.nanoTime() - this.expiresAt < 0;
	}

	boolean isLost() {
		return this.lost.get();
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
