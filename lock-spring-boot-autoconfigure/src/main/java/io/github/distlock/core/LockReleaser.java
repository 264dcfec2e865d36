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
	static final Duration HAND_OFF_AHEAD_LEASE = Duration.ofSeconds(1);

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
		// A holding handed over ahead of its grant is released after it, so the store sees them in order.
		boolean granted = holding.awaitGrant();
		holding.markReleased();
		LocalLock local = this.locals.existing(holding.key());
		try {
			Waiter next = granted ? local.claimNextForHandoff(holding) : null;
			if (next != null) {
				handOffTo(local, holding, next);
			}
			else {
				if (granted) {
					releaseToStore(holding, local.isGivingWay());
				}
				local.passTurn(holding, null);
			}
		}
		finally {
			this.locals.leave(holding.key());
		}
	}

	/** The claimed waiter gets the turn whatever happens, or it would wait for ever. */
	private void handOffTo(LocalLock local, Holding holding, Waiter next) {
		Holding handedOver = Holding.handedOverFrom(holding, next.request, OwnerTokens.next(), next.thread);
		boolean ahead = !holding.isLost() && holding.remainingLease().compareTo(HAND_OFF_AHEAD_LEASE) >= 0;
		if (ahead) {
			local.grant(next, handedOver);
		}
		Transfer transfer = Transfer.refused();
		RuntimeException failure = null;
		try {
			transfer = transfer(holding, handedOver);
		}
		catch (RuntimeException ex) {
			failure = ex;
		}
		finally {
			local.handedOff(transfer.othersWaiting());
			settle(handedOver, transfer, failure, ahead);
			if (!ahead) {
				local.grant(next, transfer.transferred() ? handedOver : null);
			}
		}
	}

	private void settle(Holding handedOver, Transfer transfer, @Nullable RuntimeException failure, boolean ahead) {
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

	/** Returns the store's answer; a transfer that failed is reported, and its owners released later. */
	private Transfer transfer(Holding holding, Holding next) {
		try {
			Transfer transfer = Interrupts.deferred(() -> this.locker.transfer(holding.key(), holding.owner(),
					next.owner(), next.request().lease()));
			if (!transfer.transferred()) {
				leftAlone(holding);
			}
			else if (logger.isDebugEnabled()) {
				logger.debug("Handed lock '" + holding.key() + "' to the next waiter");
			}
			return transfer;
		}
		catch (RuntimeException ex) {
			// The store may have applied the transfer without answering: free the lock either way.
			this.cleanup.releaseLater(holding.key(), next.owner());
			this.cleanup.releaseLater(holding.key(), holding.owner());
			this.events.releaseFailed(holding, ex);
			throw ex;
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
