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

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.store.Locker;

/**
 * Tells holders at once when the store ends their claims on its own
 * ({@link Locker#onClaimLost}), as ZooKeeper does with a session that ended or may have:
 * the claim and its current holding are lost, renewals stop, and the head waiter is woken
 * to take over. A claim the store ended while its acquire's answer was on the way is lost
 * as soon as it is held.
 */
final class ClaimLosses implements ClaimLossListener {

	private final LocalLocks locals;

	private final LeaseEvents events;

	private final LeaseKeeper keeper;

	/**
	 * Owner tokens whose store acquire is under way, and whether the store ended their
	 * claim meanwhile.
	 */
	private final ConcurrentMap<String, Boolean> acquiring = new ConcurrentHashMap<>();

	ClaimLosses(LocalLocks locals, LeaseEvents events, LeaseKeeper keeper) {
		this.locals = locals;
		this.events = events;
		this.keeper = keeper;
	}

	/** A store acquire with this owner token is about to be sent. */
	void acquiring(String owner) {
		this.acquiring.put(owner, Boolean.FALSE);
	}

	/**
	 * The acquire with this owner token ended, its claim held if it took the lock.
	 * @return whether the store ended that claim meanwhile
	 */
	boolean acquireEnded(String owner) {
		return Boolean.TRUE.equals(this.acquiring.remove(owner));
	}

	@Override
	public void claimLost(String key, String owner) {
		if (this.acquiring.replace(owner, Boolean.FALSE, Boolean.TRUE)) {
			return;
		}
		Claim claim = this.locals.claimOf(key, owner);
		if (claim != null) {
			lost(claim);
		}
	}

	void lost(Claim claim) {
		// Lost before its holding is read: a claim no longer live is never handed to
		// another holding.
		if (!claim.markLost()) {
			return;
		}
		this.keeper.released(claim);
		Holding current = claim.local().holdingOf(claim);
		if (current != null) {
			this.events.leaseLost(current, "was given up: the store ended it, or may have, before its lease ran out "
					+ "(a ZooKeeper session that ended, or was disconnected too long)");
		}
		claim.local().holdingChanged();
	}

}
