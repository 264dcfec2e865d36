package io.github.distlock.core;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Releases outermost holdings: hands the lock to the next local waiter in the release's own round
 * trip, or gives it back to the store (after a bounded number of hand-offs in a row while other
 * processes wait for it).
 *
 * <p>When the releasing holding's lease has at least {@link #HAND_OFF_AHEAD_LEASE} left, the next
 * holder starts at once, while the hand-off's round trip is under way: the lock stays this
 * process's in the store all along, on the old owner's lease until the store answers (so the next
 * holding counts as held no longer than that lease), and only the next holder's fencing token,
 * renewal and release wait for the answer. Should the store not confirm the hand-off, the next
 * holding is reported lost, like a lease found lost later.
 */
final class LockReleaser {

	/** Lease the releasing holding must have left for the next holder to start before the store answers. */
	private static final Duration HAND_OFF_AHEAD_LEASE = Duration.ofSeconds(1);

	private static final Log logger = LogFactory.getLog(LockReleaser.class);

	private final Locker locker;

	private final LocalLocks locals;

	private final LeaseEvents events;

	private final StoreCleanup cleanup;

	LockReleaser(Locker locker, LocalLocks locals, LeaseEvents events, StoreCleanup cleanup) {
		this.locker = locker;
		this.locals = locals;
		this.events = events;
		this.cleanup = cleanup;
	}

	void release(Holding holding) {
		LocalLock local = this.locals.existing(holding.key());
		try {
			// A holding handed over ahead of its grant is released after it, so the store sees them in order.
			boolean granted = holding.awaitGrant();
			holding.markReleased();
			if (!granted) {
				// Told it lost the lock, it is done now: free the lock for whichever owner the store may hold it.
				releaseLater(holding.key(), holding.owner(), holding.previousOwner());
				local.passTurn(holding, null);
				return;
			}
			LocalLock.Claim claim = local.claimNextForHandoff(holding);
			if (claim.next() != null) {
				handOffTo(local, holding, claim.next());
			}
			else {
				releaseToStore(holding, claim.giveWay());
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
		boolean ahead = false;
		Transfer transfer = Transfer.refused();
		Throwable failure = null;
		try {
			handedOver = Holding.handedOverFrom(holding, next.request, OwnerTokens.next(), next.thread);
			ahead = !holding.isLost() && holding.remainingLease().compareTo(HAND_OFF_AHEAD_LEASE) >= 0;
			if (ahead) {
				local.grant(next, handedOver);
			}
			Holding to = handedOver;
			transfer = Interrupts.deferred(
					() -> this.locker.transfer(holding.key(), holding.owner(), to.owner(), to.request().lease()));
		}
		catch (RuntimeException ex) {
			failure = ex;
		}
		catch (Error err) {
			failure = err;
			throw err;
		}
		finally {
			local.handedOff(transfer.othersWaiting());
			if (handedOver != null) {
				// Before anything is reported or cleaned up, so a holder that started ahead learns first.
				settle(handedOver, transfer, failure, ahead);
			}
			if (!ahead) {
				local.grant(next, transfer.transferred() ? handedOver : null);
			}
		}
		report(holding, handedOver, transfer, failure, ahead);
	}

	private void settle(Holding handedOver, Transfer transfer, @Nullable Throwable failure, boolean ahead) {
		if (transfer.transferred()) {
			handedOver.granted(transfer.fencingToken());
			return;
		}
		handedOver.notGranted((failure != null) ? failure
				: new IllegalStateException("the lock had expired or was taken by another holder"));
		if (ahead) {
			this.events.leaseLost(handedOver, "was handed to this holder, but the store did not confirm it");
		}
	}

	private void report(Holding holding, @Nullable Holding handedOver, Transfer transfer, @Nullable Throwable failure,
			boolean ahead) {
		if (failure instanceof RuntimeException storeFailure) {
			if (!ahead) {
				// The store may have applied the transfer without answering: free the lock either way. A
				// holder that started ahead still runs, so its lock is freed when it is done (see release).
				releaseLater(holding.key(), holding.owner(), (handedOver != null) ? handedOver.owner() : null);
			}
			this.events.releaseFailed(holding, storeFailure);
		}
		else if (!transfer.transferred()) {
			leftAlone(holding);
		}
		else if (logger.isDebugEnabled()) {
			logger.debug("Handed lock '" + holding.key() + "' to the next waiter");
		}
	}

	/** Releases, in the background, the lock for each owner the store may hold it for. */
	private void releaseLater(String key, @Nullable String... owners) {
		for (String owner : owners) {
			if (owner != null) {
				this.cleanup.releaseLater(key, owner);
			}
		}
	}

	private void releaseToStore(Holding holding, boolean givingWay) {
		try {
			if (!Interrupts.deferred(() -> givingWay ? this.locker.giveWay(holding.key(), holding.owner())
					: this.locker.release(holding.key(), holding.owner()))) {
				leftAlone(holding);
			}
			else if (logger.isDebugEnabled()) {
				logger.debug("Released lock '" + holding.key() + "'");
			}
		}
		catch (RuntimeException ex) {
			this.events.releaseFailed(holding, ex);
		}
	}

	private void leftAlone(Holding holding) {
		this.events.leaseLost(holding,
				"had expired or was taken by another holder before it was released; it was left alone");
	}

}
