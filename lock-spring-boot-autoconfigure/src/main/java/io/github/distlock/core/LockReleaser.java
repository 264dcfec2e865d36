package io.github.distlock.core;

import java.util.OptionalLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.core.log.LogMessage;

/**
 * Releases outermost holdings: hands the lock to the next local waiter in the release's own round
 * trip (a bounded number of times in a row), or gives it back to the store.
 */
final class LockReleaser {

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
			leftAlone(holding);
		}
		catch (RuntimeException ex) {
			// The store may have applied the transfer without answering: free the lock either way.
			this.cleanup.releaseLater(holding.key(), nextOwner);
			this.cleanup.releaseLater(holding.key(), holding.owner());
			this.events.releaseFailed(holding, ex);
		}
		return null;
	}

	private void releaseToStore(Holding holding) {
		try {
			if (Interrupts.deferred(() -> this.locker.release(holding.key(), holding.owner()))) {
				logger.debug(LogMessage.format("Released lock '%s'", holding.key()));
			}
			else {
				leftAlone(holding);
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
