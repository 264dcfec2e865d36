package io.github.distlock.core;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import io.github.distlock.LockBackendException;

/**
 * Takes and releases locks: re-entry without a round trip, one thread per process at the store,
 * waiting for release notices with the holder's lease as a safety net, and hand-off to the next
 * local waiter on release.
 */
final class LockCoordinator implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(LockCoordinator.class);

	private final Locker locker;

	private final LocalLocks locals = new LocalLocks();

	private final LeaseEvents events;

	private final StoreCleanup cleanup;

	private final Watchdog watchdog;

	private final LockReleaser releaser;

	LockCoordinator(Locker locker, LockSettings settings, LockStatistics statistics) {
		this.locker = locker;
		this.events = new LeaseEvents(statistics);
		this.cleanup = new StoreCleanup(locker);
		this.watchdog = new Watchdog(locker, settings, this.events);
		this.releaser = new LockReleaser(locker, this.locals, this.events, this.cleanup);
		locker.onRelease(this.locals::releaseNoticed);
	}

	/**
	 * Takes the lock, waiting until {@code deadline} (a {@link System#nanoTime()} value).
	 * @return the holding, or {@code null} when the lock stayed busy or the thread was interrupted
	 */
	@Nullable Holding acquire(LockRequest request, long deadline) {
		LocalLock local = this.locals.enter(request.key());
		Holding reentered = local.reenter();
		if (reentered != null) {
			// A nested holding is no new user of the local lock: the outermost one leaves for it.
			this.locals.leave(request.key());
			return reentered;
		}
		Holding holding = null;
		try {
			holding = acquireTurnAndLock(local, request, deadline);
			return holding;
		}
		finally {
			if (holding == null) {
				this.locals.leave(request.key());
			}
		}
	}

	/** Returns how many locks this process holds or waits for, for tests. */
	int localLockCount() {
		return this.locals.size();
	}

	private @Nullable Holding acquireTurnAndLock(LocalLock local, LockRequest request, long deadline) {
		Waiter turn = local.awaitTurn(request, deadline);
		if (turn == null) {
			return null;
		}
		if (turn.tookOverFrom != null) {
			// Lost for good, so a late renewal cannot bring it back.
			this.events.leaseLost(turn.tookOverFrom,
					"was held past its lease without being released; the next waiter takes it over");
		}
		if (turn.storeFailure != null) {
			local.passTurn(null, turn.storeFailure);
			throw storeFailed(request, turn.storeFailure);
		}
		Holding holding = turn.handedOver;
		if (holding == null) {
			holding = acquireWithTurn(local, request, deadline);
			if (holding != null) {
				local.hold(holding);
			}
		}
		if (holding != null) {
			if (request.watchdog()) {
				this.watchdog.watch(holding);
			}
			if (logger.isDebugEnabled()) {
				logger.debug("Acquired lock '" + request.key() + "'");
			}
		}
		return holding;
	}

	/** Goes to the store for the lock; passes the turn on when that fails or the wait runs out. */
	private @Nullable Holding acquireWithTurn(LocalLock local, LockRequest request, long deadline) {
		Holding holding = null;
		RuntimeException storeFailure = null;
		try {
			holding = acquireFromStore(local, request, deadline);
			return holding;
		}
		catch (LockBackendException ex) {
			storeFailure = (ex.getCause() instanceof RuntimeException cause) ? cause : ex;
			throw ex;
		}
		finally {
			if (holding == null) {
				local.passTurn(null, storeFailure);
			}
		}
	}

	private @Nullable Holding acquireFromStore(LocalLock local, LockRequest request, long deadline) {
		String owner = OwnerTokens.next();
		while (!Thread.currentThread().isInterrupted()) {
			long mark = local.releaseNoticeMark();
			long sentAt = System.nanoTime();
			Acquisition acquisition = tryStore(request, owner, Duration.ofNanos(Math.max(0, deadline - sentAt)));
			if (acquisition.acquired()) {
				return Holding.granted(request, owner, acquisition.fencingToken(), Thread.currentThread(), sentAt);
			}
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				return null;
			}
			long holderLease = acquisition.holderLease().toNanos();
			long pause = (holderLease > 0) ? Math.min(remaining, holderLease) : remaining;
			if (logger.isDebugEnabled()) {
				logger.debug("Lock '" + request.key() + "' is busy; waiting up to " + pause / 1_000_000 + " ms");
			}
			local.awaitReleaseNotice(mark, pause);
		}
		return null;
	}

	private Acquisition tryStore(LockRequest request, String owner, Duration willWait) {
		try {
			return this.locker.tryAcquire(request.key(), owner, request.lease(), willWait);
		}
		catch (RuntimeException ex) {
			this.cleanup.releaseLater(request.key(), owner);
			throw storeFailed(request, ex);
		}
	}

	private static LockBackendException storeFailed(LockRequest request, RuntimeException cause) {
		return new LockBackendException("Could not acquire lock '" + request.key()
				+ "': the lock store failed or did not answer in time (" + cause.getMessage() + ")", cause);
	}

	/** Releases an outermost holding. */
	void release(Holding holding) {
		this.releaser.release(holding);
	}

	@Override
	public void close() {
		this.watchdog.close();
		this.cleanup.close();
	}

}
