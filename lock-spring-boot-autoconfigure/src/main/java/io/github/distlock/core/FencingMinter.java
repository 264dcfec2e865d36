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

import io.github.distlock.LockStoreException;
import io.github.distlock.store.Locker;

/**
 * Mints a holding's fencing token in the store, with its claim's owner token, while it is
 * held (invariant 6 of PROTOCOL.md).
 */
final class FencingMinter implements Holding.FencingMint {

	private final Locker locker;

	private final LeaseEvents events;

	FencingMinter(Locker locker, LeaseEvents events) {
		this.locker = locker;
		this.events = events;
	}

	@Override
	public long mint(Holding holding) {
		if (!holding.isHeld()) {
			throw new IllegalStateException("Lock '" + holding.key() + "' is no longer held, so it has no fencing "
					+ "token; ask for the token while the lock is held");
		}
		long token;
		try {
			token = Interrupts.deferred(() -> this.locker.fence(holding.key(), holding.claim().owner()));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException("Could not mint a fencing token for lock '" + holding.key()
					+ "': the lock store failed or did not answer in time (" + ex.getMessage() + ")", ex);
		}
		if (token == 0) {
			holding.claim().markLost();
			// The head waiter sleeps until this holding's lease ends: it takes over now.
			holding.claim().local().holdingChanged();
			this.events.leaseLost(holding,
					"expired or was taken by another holder before its fencing token was minted");
			throw new IllegalStateException("Lock '" + holding.key() + "' is no longer held: the lock store let it "
					+ "expire or gave it to another holder, so it has no fencing token");
		}
		return token;
	}

}
