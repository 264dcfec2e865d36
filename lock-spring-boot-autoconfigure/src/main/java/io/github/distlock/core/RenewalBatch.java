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

import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;

/**
 * One {@link Locker#renew} call being built and answered: for each claim, the holding it
 * was sent for and the store expiry it asks for, counted from when the batch is sent.
 */
final class RenewalBatch {

	private final long sentAt;

	private final List<Claim> claims = new ArrayList<>();

	private final List<Holding> holdings = new ArrayList<>();

	private final List<Long> expiries = new ArrayList<>();

	private final List<LeaseRequest> requests = new ArrayList<>();

	RenewalBatch(long sentAt) {
		this.sentAt = sentAt;
	}

	long sentAt() {
		return this.sentAt;
	}

	/**
	 * Adds a claim, asking the store to keep it until {@code expiry}
	 * ({@link Timing#nanoTime()}).
	 */
	void add(Claim claim, Holding holding, long expiry) {
		claim.renewal.asked(expiry);
		this.claims.add(claim);
		this.holdings.add(holding);
		this.expiries.add(expiry);
		this.requests.add(new LeaseRequest(claim.key(), claim.owner(), Duration.ofNanos(lease(expiry))));
	}

	boolean isEmpty() {
		return this.claims.isEmpty();
	}

	int size() {
		return this.claims.size();
	}

	List<LeaseRequest> requests() {
		return this.requests;
	}

	Claim claim(int index) {
		return this.claims.get(index);
	}

	Holding holding(int index) {
		return this.holdings.get(index);
	}

	/** The expiry asked for the claim at {@code index}. */
	long expiry(int index) {
		return this.expiries.get(index);
	}

	/**
	 * The batch was answered, or failed: the store may keep each claim until its new
	 * lease ends.
	 */
	void ended() {
		for (int i = 0; i < size(); i++) {
			this.claims.get(i).mayKeepFor(lease(expiry(i)));
		}
	}

	/** The least the store keeps the claim at {@code index} if it applies the request. */
	long storeExpiry(int index) {
		return Claim.storeExpiry(this.sentAt, lease(expiry(index)));
	}

	private long lease(long expiry) {
		return Math.max(1, expiry - this.sentAt);
	}

}
