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
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import io.github.distlock.LockStoreException;
import io.github.distlock.store.Acquisition;
import io.github.distlock.store.Locker;

/**
 * Takes locks (PROTOCOL.md beside this class): re-entry without a round trip, the turn,
 * then either a holding handed over by the thread ahead, or the store, waiting for
 * release notices with the holder's lease as a safety net.
 */
final class LockCoordinator implements AutoCloseable {

	/**
	 * While release notices cannot arrive, the thread at the store looks again this
	 * often.
	 */
	static final Duration RECHECK_WITHOUT_NOTICES = Locker.LOOK_AGAIN_WITHOUT_NOTICES;

	private static final Log logger = LogFactory.getLog(LockCoordinator.class);

	private final Locker locker;

	private final Timing timing;

	private final LocalLocks locals;

	private final LeaseEvents events;

	private final StoreCleanup cleanup;

	private final LeaseKeeper keeper;

	private final HoldingReleaser releaser;

	private final FencingMinter fencing;

	private final DeferredReleases deferredReleases;

	private final ClaimLosses claimLosses;

	private final LockListener listener;

	/** Whether listeners besides the statistics are told of acquisitions and releases. */
	private final boolean told;

	private final AtomicLong holds = new AtomicLong();

	private final OwnerTokens owners;

	LockCoordinator(Locker locker, WatchdogSettings settings, LockListener listener, boolean told, String instance,
			Timing timing) {
		this.locker = locker;
		this.timing = timing;
		this.locals = new LocalLocks(timing);
		this.owners = new OwnerTokens(instance);
		this.listener = listener;
		this.told = told;
		this.events = new LeaseEvents(listener);
		this.cleanup = new StoreCleanup(locker, timing);
		this.keeper = new LeaseKeeper(locker, settings, this.events, timing);
		this.releaser = new HoldingReleaser(locker, this.locals, this.events, this.cleanup, this.keeper);
		this.fencing = new FencingMinter(locker, this.events);
		this.deferredReleases = new DeferredReleases(locker, this.keeper, timing);
		locker.onRelease(this.locals);
		this.claimLosses = new ClaimLosses(this.locals, this.events, this.keeper);
		locker.onClaimLost(this.claimLosses);
	}

	/**
	 * Takes the lock, waiting until {@code deadline} (a {@link Timing#nanoTime()} value).
	 * @return the holding, or {@code null} when the lock stayed busy or the thread was
	 * interrupted
	 */
	@Nullable Holding acquire(LockRequest request, long deadline) {
		LocalLock local = this.locals.enter(request.key());
		Holding holding = null;
		try {
			Holding reentered = local.reenter(Thread.currentThread());
			if (reentered != null) {
				// A nested holding is no new user of the local lock: the outermost one
				// leaves for it.
				return reentered;
			}
			holding = waitAndLock(local, request, deadline);
			return holding;
		}
		finally {
			if (holding == null) {
				this.locals.leave(request.key());
			}
		}
	}

	/**
	 * Counts the caller among the lock's waiters while it waits, for its release notices.
	 */
	private @Nullable Holding waitAndLock(LocalLock local, LockRequest request, long deadline) {
		local.notices().arrive();
		try {
			return takeTurnAndLock(local, request, deadline);
		}
		finally {
			local.notices().leave();
		}
	}

	private @Nullable Holding takeTurnAndLock(LocalLock local, LockRequest request, long deadline) {
		Turn turn = local.awaitTurn(request, deadline);
		if (turn == null) {
			return null;
		}
		if (turn instanceof Turn.HandedOver handedOver) {
			debug("Lock '%s' handed over", request);
			return handedOver.holding();
		}
		if (turn instanceof Turn.StoreDown storeDown) {
			local.passTurn(storeDown.failure());
			throw storeFailed("acquire", request.key(), storeDown.failure());
		}
		if (turn instanceof Turn.TakenOver takenOver) {
			forgetExpired(takenOver.expired());
		}
		return acquireWithTurn(local, request, deadline);
	}

	/**
	 * The holding ahead outlived its lease unreleased: it is lost, and its claim goes.
	 */
	private void forgetExpired(Holding expired) {
		this.events.leaseLost(expired, "was held past its lease without being released; the next waiter takes it over");
		Claim claim = expired.claim();
		claim.markLost();
		this.keeper.released(claim);
		// Until the longest lease the claim may have in the store, set for this holding
		// or an earlier one.
		this.cleanup.releaseLater(expired.key(), claim.owner(), claim.storeLeaseLeftAtMost());
	}

	/**
	 * Goes to the store with the turn; passes the turn on whatever happens unless the
	 * lock was taken.
	 */
	private @Nullable Holding acquireWithTurn(LocalLock local, LockRequest request, long deadline) {
		Holding holding = null;
		RuntimeException storeFailure = null;
		try {
			holding = acquireFromStore(local, request, deadline);
			return holding;
		}
		catch (LockStoreException ex) {
			storeFailure = (ex.getCause() instanceof RuntimeException cause) ? cause : ex;
			throw ex;
		}
		finally {
			if (holding == null) {
				local.passTurn(storeFailure);
			}
		}
	}

	private @Nullable Holding acquireFromStore(LocalLock local, LockRequest request, long deadline) {
		while (!Thread.currentThread().isInterrupted()) {
			// A token per attempt: it says when the lock was taken (PROTOCOL.md, "Owner
			// tokens").
			String owner = this.owners.next();
			int mark = local.notices().mark();
			long sentAt = this.timing.nanoTime();
			Acquisition acquisition;
			this.claimLosses.acquiring(owner);
			try {
				acquisition = tryStore(request, owner, Duration.ofNanos(Math.max(0, deadline - sentAt)));
				if (acquisition != null && acquisition.acquired()) {
					// The store counts the lease from when it ran the command, no sooner
					// than it was sent.
					return acquired(local, request, owner, sentAt + acquisition.askedAfter().toNanos());
				}
			}
			finally {
				this.claimLosses.acquireEnded(owner);
			}
			if (acquisition == null) {
				return null;
			}
			long remaining = deadline - this.timing.nanoTime();
			if (remaining <= 0) {
				return null;
			}
			if (local.notices().subscribe(this.locker, request.key(), Duration.ofNanos(remaining))) {
				// A release between the busy answer and the subscription was not
				// announced to us.
				continue;
			}
			long pause = pause(acquisition, remaining, local.notices());
			debug("Lock '%s' is busy; waiting up to " + TimeUnit.NANOSECONDS.toMillis(pause) + " ms", request);
			if (!local.notices().awaitAfter(mark, pause)) {
				return null;
			}
		}
		return null;
	}

	private Holding acquired(LocalLock local, LockRequest request, String owner, long sentAt) {
		Claim claim = new Claim(request.key(), owner, local, this.locker, sentAt, request.lease().toNanos());
		Holding holding = new Holding(claim, request, Thread.currentThread(), sentAt);
		local.acquired(holding);
		this.keeper.acquired(holding);
		if (this.claimLosses.acquireEnded(owner)) {
			this.claimLosses.lost(claim);
		}
		debug("Acquired lock '%s'", request);
		return holding;
	}

	/**
	 * Until a release notice, the holder's lease running out, or a re-check while notices
	 * are down.
	 */
	private static long pause(Acquisition busy, long remaining, ReleaseNotices notices) {
		long pause = remaining;
		long holderLease = busy.holderLease().toNanos();
		if (holderLease > 0) {
			pause = Math.min(pause, holderLease);
		}
		if (!notices.isActive()) {
			pause = Math.min(pause, RECHECK_WITHOUT_NOTICES.toNanos());
		}
		return pause;
	}

	/**
	 * One attempt at the store.
	 * @return the answer, or {@code null} when the thread was interrupted during the call
	 */
	private @Nullable Acquisition tryStore(LockRequest request, String owner, Duration willWait) {
		try {
			return this.locker.tryAcquire(request.key(), owner, request.lease(), willWait);
		}
		catch (Error ex) {
			// The store may have taken the lock before the Error: release it rather than
			// leave it to its lease.
			this.cleanup.releaseLater(request.key(), owner, request.lease());
			throw ex;
		}
		catch (RuntimeException ex) {
			// The store may have taken the lock without the answer reaching us.
			this.cleanup.releaseLater(request.key(), owner, request.lease());
			if (Interrupts.causedBy(ex)) {
				Thread.currentThread().interrupt();
				return null;
			}
			throw storeFailed("acquire", request.key(), ex);
		}
	}

	private static LockStoreException storeFailed(String action, String key, RuntimeException cause) {
		return new LockStoreException("Could not " + action + " lock '" + key
				+ "': the lock store failed or did not answer in time (" + cause.getMessage() + ")", cause);
	}

	Timing timing() {
		return this.timing;
	}

	/** Whether listeners are told of acquisitions and releases. */
	boolean told() {
		return this.told;
	}

	/**
	 * Numbers a new view of a holding, for listeners to pair its acquisition and release;
	 * 0 when none listens.
	 */
	long nextHold() {
		return this.told ? this.holds.incrementAndGet() : 0;
	}

	/**
	 * View {@code hold} of a holding was let go of, held since {@code since}, a
	 * {@link Timing#nanoTime()} value.
	 */
	void viewClosed(Holding holding, long hold, long since) {
		if (this.told) {
			this.listener.released(holding.key(), hold, Duration.ofNanos(this.timing.nanoTime() - since));
		}
	}

	/** Releases an outermost holding. */
	void release(Holding holding) {
		this.releaser.release(holding);
	}

	/**
	 * Runs {@code release}, which releases the holding, after {@code delay}: a minimum
	 * hold; or {@code leftToStore} if the application stops first and the lock is left to
	 * expire in the store.
	 */
	void releaseAfter(Holding holding, Duration delay, Runnable release, Runnable leftToStore) {
		this.deferredReleases.releaseAfter(holding, delay, release, leftToStore);
	}

	/**
	 * The last view of a holding in a minimum hold was let go of as the application
	 * stopped: the store keeps the lock until the hold ends, and the turn passes to the
	 * next thread here, which takes it in the store then.
	 */
	void leftToStore(Holding holding) {
		try {
			this.locals.existing(holding.key()).leftToStore(holding);
		}
		finally {
			this.locals.leave(holding.key());
		}
	}

	/** Mints the holding's fencing token in the store the first time it is asked for. */
	long fencingToken(Holding holding) {
		return holding.fencingToken(this.fencing);
	}

	/**
	 * A holding's every view became unreachable without being closed: it is no longer
	 * renewed, and it is no longer a user of its local lock.
	 */
	void abandoned(Holding holding) {
		if (!holding.isReleased()) {
			this.events.abandoned(holding);
			holding.claim().local().holdingChanged();
			this.locals.leave(holding.key());
		}
	}

	/** Accepts minimum holds again after {@link #stopDeferredReleases()}. */
	void startDeferredReleases() {
		this.deferredReleases.start();
	}

	/**
	 * Leaves the holdings in a minimum hold to expire in the store when their holds end.
	 */
	void stopDeferredReleases() {
		this.deferredReleases.stop();
	}

	/** Returns how many releases wait for a minimum hold to end, for tests. */
	int pendingReleases() {
		return this.deferredReleases.pending();
	}

	LockActivity activity() {
		return this.locals.activity();
	}

	Optional<LockHolder> holder(String key) {
		try {
			return this.locker.find(key).map(this.owners::holderOf);
		}
		catch (UnsupportedOperationException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw storeFailed("read", key, ex);
		}
	}

	/** Returns how many threads of this process queue for the lock's turn, for tests. */
	int queued(String key) {
		return this.locals.queued(key);
	}

	/** Returns how many locks this process holds or waits for, for tests. */
	int localLockCount() {
		return this.locals.size();
	}

	private static void debug(String format, LockRequest request) {
		if (logger.isDebugEnabled()) {
			logger.debug(String.format(format, request.key()));
		}
	}

	@Override
	public void close() {
		this.deferredReleases.close();
		this.keeper.close();
		this.cleanup.close();
	}

}
