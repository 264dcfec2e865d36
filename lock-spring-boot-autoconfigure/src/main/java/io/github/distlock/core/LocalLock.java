package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * What this process knows about one lock: which of its threads has the turn to hold it or go
 * to the store for it, who queues behind (first come, first served), and the current holding.
 *
 * <p>Only the thread with the turn talks to the store, so a busy lock costs the store one waiter
 * per process rather than a herd. A releasing holder may hand the lock straight to the next local
 * waiter in its own round trip; while other processes wait, only a bounded number of times in a
 * row, so that they get their chance. The mutex guards memory only; no store call is made while it is held.
 */
final class LocalLock {

	/**
	 * Hand-offs in a row, while other processes wait, before the lock goes back to the store for
	 * them to take.
	 */
	static final int MAX_HANDOFFS_IN_A_ROW = 32;

	private final ReentrantLock mutex = new ReentrantLock();

	private final Condition releaseNoticed = this.mutex.newCondition();

	private final ArrayDeque<Waiter> queue = new ArrayDeque<>();

	private boolean turnTaken;

	private @Nullable Holding holding;

	private long releaseNotices;

	private int handoffsInARow;

	/** The lease of the holding being handed over, while the hand-off's round trip is under way. */
	private @Nullable Duration handOffLease;

	/** Threads holding or waiting; guarded by {@link LocalLocks}. */
	int users;

	/**
	 * Joins the current holding when the current thread holds it already.
	 * @return the holding, entered once more, or {@code null} when not held by this thread
	 */
	@Nullable Holding reenter() {
		this.mutex.lock();
		try {
			Holding current = this.holding;
			if (current != null && current.isReentrantFor(Thread.currentThread()) && current.tryEnter()) {
				return current;
			}
			return null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Waits for this thread's turn.
	 * @return the granted waiter, whose {@link Waiter#handedOver} may already hold the lock, or
	 * {@code null} when the deadline passed or the thread was interrupted (its flag set again)
	 */
	@Nullable Waiter awaitTurn(LockRequest request, long deadline) {
		this.mutex.lock();
		try {
			Waiter waiter = new Waiter(request, this.mutex.newCondition());
			if (!this.turnTaken) {
				this.turnTaken = true;
				waiter.state = Waiter.State.GRANTED;
				return waiter;
			}
			this.queue.addLast(waiter);
			return awaitGrant(waiter, deadline);
		}
		finally {
			this.mutex.unlock();
		}
	}

	private @Nullable Waiter awaitGrant(Waiter waiter, long deadline) {
		boolean interrupted = false;
		while (waiter.state != Waiter.State.GRANTED) {
			long remaining = deadline - System.nanoTime();
			if (waiter.state == Waiter.State.WAITING && (remaining <= 0 || interrupted)) {
				this.queue.remove(waiter);
				waiter.state = Waiter.State.CANCELLED;
				wakeHead();
				break;
			}
			if (isFirstBehindExpiredHolding(waiter)) {
				this.queue.remove(waiter);
				waiter.tookOverFrom = this.holding;
				give(waiter, null);
				break;
			}
			try {
				waiter.turnPassed.awaitNanos(pause(waiter, remaining));
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		return (waiter.state == Waiter.State.GRANTED) ? waiter : null;
	}

	/**
	 * Whether the waiter is next and the holding before it has run out of lease without being
	 * released (a holder that never closes, or whose lease was lost): the lock has freed itself in
	 * the store, so the turn must not stay with that holding either.
	 */
	private boolean isFirstBehindExpiredHolding(Waiter waiter) {
		return waiter.state == Waiter.State.WAITING && this.queue.peekFirst() == waiter && this.holding != null
				&& !this.holding.isHeld() && !this.holding.isReleased();
	}

	private long pause(Waiter waiter, long remaining) {
		if (waiter.state == Waiter.State.CLAIMED) {
			// Being handed the lock takes one round trip at most.
			return TimeUnit.SECONDS.toNanos(1);
		}
		if (this.holding == null || this.queue.peekFirst() != waiter) {
			return remaining;
		}
		if (!this.holding.isReleased()) {
			return Math.min(remaining, this.holding.remainingLease().toNanos() + 1);
		}
		// Released: a plain release passes the turn to this waiter and signals it; a hand-off gives the
		// next holding a lease no longer than this, so there is no need to wake this waiter for it.
		return (this.handOffLease != null) ? Math.min(remaining, this.handOffLease.toNanos() + 1) : remaining;
	}

	/**
	 * Wakes the first waiter, so it measures its pause against the current holding: only the
	 * first one watches for the holding's lease to run out.
	 */
	private void wakeHead() {
		Waiter head = this.queue.peekFirst();
		if (head != null) {
			head.turnPassed.signal();
		}
	}

	/** Records the holding of the thread that has the turn. */
	void hold(Holding holding) {
		this.mutex.lock();
		try {
			this.holding = holding;
			wakeHead();
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Decides what the releasing holder does next, taking the next waiter out of the queue when the
	 * lock is to be handed to it.
	 * @return the claimed waiter; or none, to give the lock back to the store, giving way to other
	 * processes when local waiters remain but the hand-off budget is spent
	 */
	Claim claimNextForHandoff(Holding releasing) {
		this.mutex.lock();
		try {
			if (this.holding != releasing) {
				return Claim.RELEASE;
			}
			if (this.queue.isEmpty() || this.handoffsInARow >= MAX_HANDOFFS_IN_A_ROW) {
				this.handoffsInARow = 0;
				return this.queue.isEmpty() ? Claim.RELEASE : Claim.GIVE_WAY;
			}
			Waiter next = this.queue.pollFirst();
			next.state = Waiter.State.CLAIMED;
			this.handOffLease = next.request.lease();
			return new Claim(next, false);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** Gives the turn to a claimed waiter, with the holding handed over or none if that failed. */
	void grant(Waiter claimed, @Nullable Holding handedOver) {
		this.mutex.lock();
		try {
			this.handOffLease = null;
			give(claimed, handedOver);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Counts a hand-off's store answer against the budget: only hand-offs while other processes
	 * wait are counted.
	 */
	void handedOff(boolean othersWaiting) {
		this.mutex.lock();
		try {
			this.handoffsInARow = othersWaiting ? this.handoffsInARow + 1 : 0;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Passes the turn, without a holding, to the next waiter, or frees it.
	 * @param from the holding that has the turn, or {@code null} for a thread that has the turn
	 * but failed to take the lock; nothing happens if the turn was taken from it since
	 * @param storeFailure why the store could not be reached, so the next waiter fails at once
	 * rather than after another timeout, or {@code null}
	 */
	void passTurn(@Nullable Holding from, @Nullable RuntimeException storeFailure) {
		this.mutex.lock();
		try {
			if (this.holding != from) {
				return;
			}
			Waiter next = this.queue.pollFirst();
			if (next == null) {
				this.turnTaken = false;
				this.holding = null;
			}
			else {
				next.storeFailure = storeFailure;
				give(next, null);
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	private void give(Waiter waiter, @Nullable Holding handedOver) {
		this.holding = handedOver;
		waiter.handedOver = handedOver;
		waiter.state = Waiter.State.GRANTED;
		waiter.turnPassed.signal();
	}

	/** Returns a mark to pass to {@link #awaitReleaseNotice} after a failed try. */
	long releaseNoticeMark() {
		this.mutex.lock();
		try {
			return this.releaseNotices;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** Called when the store says the lock was released by its holder elsewhere. */
	void releaseNoticed() {
		this.mutex.lock();
		try {
			this.releaseNotices++;
			this.releaseNoticed.signalAll();
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Waits until a release is noticed after {@code mark}, or for {@code nanos}.
	 * @return {@code false} when the thread was interrupted (its flag set again)
	 */
	boolean awaitReleaseNotice(long mark, long nanos) {
		this.mutex.lock();
		try {
			long remaining = nanos;
			while (this.releaseNotices == mark && remaining > 0) {
				remaining = this.releaseNoticed.awaitNanos(remaining);
			}
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * What a releasing holder does next.
	 * @param next the waiter to hand the lock to, or {@code null} to give it back to the store
	 * @param giveWay whether to give it back for the waiters of other processes, rather than
	 * because nobody here wants it
	 */
	record Claim(@Nullable Waiter next, boolean giveWay) {

		static final Claim RELEASE = new Claim(null, false);

		static final Claim GIVE_WAY = new Claim(null, true);

	}

}
