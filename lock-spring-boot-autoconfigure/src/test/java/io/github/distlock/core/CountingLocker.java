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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;

/**
 * A store of one process for the {@code *InterleavingTests}: it grants every acquisition,
 * and every renewal unless told to find claims lost, and counts what the core asks of it,
 * so that a test can check the protocol's invariants: owners it holds locks for,
 * releases, renewals in flight per owner, open subscriptions. Thread-safe.
 */
final class CountingLocker implements Locker {

	/** Owners holding a lock here: taken and not released. */
	private final Set<String> holders = ConcurrentHashMap.newKeySet();

	private final AtomicInteger releases = new AtomicInteger();

	private final AtomicInteger renewals = new AtomicInteger();

	private final AtomicInteger openSubscriptions = new AtomicInteger();

	/** Owners with a renewal in the store now. */
	private final Set<String> renewing = ConcurrentHashMap.newKeySet();

	/** Owners renewed again while a renewal of theirs was in the store. */
	private final Set<String> renewedTwiceAtOnce = ConcurrentHashMap.newKeySet();

	/** Whether a renewal finds its claim lost, as when a lease ran out in the store. */
	private volatile boolean losing;

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		this.holders.add(owner);
		return Acquisition.ACQUIRED;
	}

	@Override
	public Release release(String key, String owner) {
		this.releases.incrementAndGet();
		return this.holders.remove(owner) ? Release.RELEASED : Release.GONE;
	}

	/** No other process waits here: giving way is releasing. */
	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner);
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		List<Renewal> renewed = new ArrayList<>();
		for (LeaseRequest lease : leases) {
			if (!this.renewing.add(lease.owner())) {
				this.renewedTwiceAtOnce.add(lease.owner());
			}
			renewed.add(this.losing ? Renewal.LOST : Renewal.RENEWED);
		}
		this.renewals.addAndGet(leases.size());
		// The store answers now: a scheduler may run anything in between.
		Thread.yield();
		leases.forEach((lease) -> this.renewing.remove(lease.owner()));
		return renewed;
	}

	@Override
	public long fence(String key, String owner) {
		return 1;
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		this.openSubscriptions.incrementAndGet();
		AtomicInteger closes = new AtomicInteger();
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return true;
			}

			@Override
			public void close() {
				if (closes.getAndIncrement() == 0) {
					CountingLocker.this.openSubscriptions.decrementAndGet();
				}
			}

		};
	}

	/** From now on, every renewal finds its claim lost. */
	void loseClaims() {
		this.losing = true;
	}

	/** Owners holding a lock here now. */
	Set<String> holders() {
		return this.holders;
	}

	int releases() {
		return this.releases.get();
	}

	int renewals() {
		return this.renewals.get();
	}

	int openSubscriptions() {
		return this.openSubscriptions.get();
	}

	/** Owners that had two renewals in the store at once. */
	Set<String> renewedTwiceAtOnce() {
		return this.renewedTwiceAtOnce;
	}

}
