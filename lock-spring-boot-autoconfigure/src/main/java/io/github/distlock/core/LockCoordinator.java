package io.github.distlock.core;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.log.LogMessage;

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

	private final LockStatistics statistics;

	private final ScheduledExecutorService renewals = Executors.newSingleThreadScheduledExecutor(daemon("distlock-watchdog"));

	/** Clean-ups may block for a command timeout; they must not hold up renewals. */
	private final ExecutorService cleanups = Executors.newSingleThreadExecutor(daemon("distlock-cleanup"));

	private final Watchdog watchdog;

	LockCoordinator(Locker locker, LockSettings settings, LockStatistics statistics) {
		this.locker = locker;
		this.statistics = statistics;
		this.watchdog = new Watchdog(locker, settings, statistics, this.renewals);
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
			leaseRanOut(turn.tookOverFrom);
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
			logger.debug(LogMessage.format("Acquired lock '%s'", request.key()));
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
				return new Holding(request, owner, acquisition.fencingToken(), Thread.currentThread(), sentAt);
			}
			long remaining = deadline - System.nanoTime();
			if (remaining <= 0) {
				return null;
			}
			long holderLease = acquisition.holderLease().toNanos();
			long pause = (holderLease > 0) ? Math.min(remaining, holderLease) : remaining;
			logger.debug(LogMessage.format("Lock '%s' is busy; waiting up to %d ms", request.key(), pause / 1_000_000));
			local.awaitReleaseNotice(mark, pause);
		}
		return null;
	}

	private Acquisition tryStore(LockRequest request, String owner, Duration willWait) {
		try {
			return this.locker.tryAcquire(request.key(), owner, request.lease(), willWait);
		}
		catch (RuntimeException ex) {
			releaseLater(request.key(), owner);
			throw storeFailed(request, ex);
		}
	}

	private static LockBackendException storeFailed(LockRequest request, RuntimeException cause) {
		return new LockBackendException("Could not acquire lock '" + request.key()
				+ "': the lock store failed or did not answer in time (" + cause.getMessage() + ")", cause);
	}

	/**
	 * Releases a lock that a failed request may still take when the store answers late, so that
	 * it does not stay held by nobody until its lease runs out. Sent after the failed request, it
	 * reaches the store after it.
	 */
	private void releaseLater(String key, String owner) {
		this.cleanups.execute(() -> {
			try {
				this.locker.release(key, owner);
			}
			catch (RuntimeException ex) {
				logger.debug(LogMessage.format("Could not clean up after failed acquisition of lock '%s'", key), ex);
			}
		});
	}

	/** Releases an outermost holding: hands it to the next local waiter, or gives it back to the store. */
	void release(Holding holding) {
		holding.markReleased();
		LocalLock local = this.locals.existing(holding.key());
		try {
			Waiter next = local.claimNextForHandoff(holding);
			if (next != null) {
				handOffTo(local, holding, next);
			}
			else {
				releaseToStore(holding);
				local.passTurn(holding, null);
			}
		}
		finally {
			this.locals.leave(holding.key());
		}
	}

	/** The claimed waiter gets the turn whatever happens, or it would wait for ever. */
	private void handOffTo(LocalLock local, Holding holding, Waiter next) {
		Holding handedOver = null;
		try {
			handedOver = handOff(holding, next);
		}
		finally {
			local.grant(next, handedOver);
		}
	}

	private @Nullable Holding handOff(Holding holding, Waiter next) {
		String nextOwner = OwnerTokens.next();
		long sentAt = System.nanoTime();
		try {
			OptionalLong token = Interrupts.deferred(
					() -> this.locker.transfer(holding.key(), holding.owner(), nextOwner, next.request.lease()));
			if (token.isPresent()) {
				logger.debug(LogMessage.format("Handed lock '%s' to the next waiter", holding.key()));
				return new Holding(next.request, nextOwner, token.getAsLong(), next.thread, sentAt);
			}
			leaseLost(holding);
		}
		catch (RuntimeException ex) {
			// The store may have applied the transfer without answering: free the lock either way.
			releaseLater(holding.key(), nextOwner);
			releaseLater(holding.key(), holding.owner());
			releaseFailed(holding, ex);
		}
		return null;
	}

	private void releaseToStore(Holding holding) {
		try {
			if (Interrupts.deferred(() -> this.locker.release(holding.key(), holding.owner()))) {
				logger.debug(LogMessage.format("Released lock '%s'", holding.key()));
			}
			else {
				leaseLost(holding);
			}
		}
		catch (RuntimeException ex) {
			releaseFailed(holding, ex);
		}
	}

	private void leaseLost(Holding holding) {
		if (!holding.markLost()) {
			return;
		}
		this.statistics.leaseLost();
		logger.warn(LogMessage.format("Lock '%s' had expired or was taken by another holder before it was released; "
				+ "it was left alone. The integrity of data protected by this lock may have been compromised.",
				holding.key()));
	}

	/**
	 * A holding that kept the lock past its lease lost it to the next local waiter: it is lost for
	 * good, so a late renewal cannot bring it back.
	 */
	private void leaseRanOut(Holding holding) {
		if (!holding.markLost()) {
			return;
		}
		this.statistics.leaseLost();
		logger.warn(LogMessage.format("Lock '%s' was held past its lease without being released; the next waiter takes "
				+ "it over. The integrity of data protected by this lock may have been compromised.", holding.key()));
	}

	private void releaseFailed(Holding holding, RuntimeException ex) {
		this.statistics.releaseFailed();
		logger.warn(LogMessage.format("Could not release lock '%s'; it expires by its lease in at most %d ms",
				holding.key(), holding.remainingLease().toMillis()), ex);
	}

	@Override
	public void close() {
		this.renewals.shutdownNow();
		this.cleanups.shutdownNow();
	}

	private static ThreadFactory daemon(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

}
