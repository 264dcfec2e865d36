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

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;

/**
 * Releases outermost holdings (PROTOCOL.md beside this class): hands the claim to the
 * next local waiter with no round trip, or gives it back to the store, giving way to
 * other processes when they wait. Whatever the store answers or throws, the turn is
 * passed on.
 */
final class HoldingReleaser {

	private static final Log logger = LogFactory.getLog(HoldingReleaser.class);

	private final Locker locker;

	private final LocalLocks locals;

	private final LeaseEvents events;

	private final StoreCleanup cleanup;

	private final LeaseKeeper keeper;

	HoldingReleaser(Locker locker, LocalLocks locals, LeaseEvents events, StoreCleanup cleanup, LeaseKeeper keeper) {
		this.locker = locker;
		this.locals = locals;
		this.events = events;
		this.cleanup = cleanup;
		this.keeper = keeper;
	}

	void release(Holding holding) {
		LocalLock local = this.locals.existing(holding.key());
		try {
			// Whether it was still held when its caller let go, before any more time
			// passes.
			boolean heldToTheEnd = holding.isHeld();
			holding.markReleased();
			ReleaseStep step = local.release(holding);
			if (step instanceof ReleaseStep.HandedOff handedOff) {
				this.events.handedOver(handedOff.next());
				this.keeper.handedOff(handedOff.next());
			}
			else if (step instanceof ReleaseStep.GiveBack giveBack) {
				giveBack(local, holding, giveBack, heldToTheEnd);
			}
		}
		finally {
			this.locals.leave(holding.key());
		}
	}

	private void giveBack(LocalLock local, Holding holding, ReleaseStep.GiveBack step, boolean heldToTheEnd) {
		Claim claim = step.claim();
		try {
			this.keeper.released(claim);
			Release release = Interrupts.deferred(() -> step.giveWay() ? this.locker.giveWay(claim.key(), claim.owner())
					: this.locker.release(claim.key(), claim.owner()));
			report(holding, release, heldToTheEnd);
		}
		catch (RuntimeException ex) {
			// Released or not, the store gets the release again in the background: it is
			// idempotent.
			this.cleanup.releaseLater(claim.key(), claim.owner(), claim.storeLeaseLeftAtMost());
			if (!Interrupts.causedBy(ex)) {
				this.events.releaseFailed(holding, ex);
			}
		}
		finally {
			local.released();
		}
	}

	private void report(Holding holding, Release release, boolean heldToTheEnd) {
		if (release == Release.TAKEN) {
			this.events.leaseLost(holding,
					"had expired and was taken by another holder before it was released; " + "it was left alone");
		}
		else if (release == Release.GONE && !heldToTheEnd) {
			this.events.leaseLost(holding, "had expired before it was released");
		}
		else if (logger.isDebugEnabled()) {
			logger
				.debug("Released lock '" + holding.key() + "'" + ((release == Release.GONE) ? " (already gone)" : ""));
		}
	}

}
