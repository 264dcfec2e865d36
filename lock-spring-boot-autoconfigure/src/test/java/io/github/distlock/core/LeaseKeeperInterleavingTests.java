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

import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.FrayTest;

import static io.github.distlock.core.InterleavingFixtures.LONG;
import static io.github.distlock.core.InterleavingFixtures.NO_DEADLINE;
import static io.github.distlock.core.InterleavingFixtures.joinAll;
import static io.github.distlock.core.InterleavingFixtures.start;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lease keeper under Fray's controlled scheduler, through a {@link LockCoordinator}:
 * its renewal senders race the holders that hand the claim on and release it. Each
 * hand-off asks to set the store's lease (the holdings' leases differ), yet a claim has
 * one renewal in the store at a time and nothing is left held in the store (invariant 4);
 * and a renewal that finds the claim lost while its holder is stalled wakes the head
 * waiter, which takes over (invariant 5), the loss reported once and the claim released
 * in the background.
 */
@ExtendWith(FrayTestExtension.class)
class LeaseKeeperInterleavingTests {

	private static final String KEY = "k";

	private final InterleavingTiming timing = new InterleavingTiming();

	private final CountingLocker locker = new CountingLocker();

	private final CountingListener listener = new CountingListener();

	private final LockCoordinator coordinator = InterleavingFixtures.coordinator(this.locker, this.listener,
			this.timing);

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void handOffsRenewAClaimOneRenewalAtATime() throws InterruptedException {
		Thread[] holders = { start(() -> holdOnce(LONG)), start(() -> holdOnce(LONG.multipliedBy(2))),
				start(() -> holdOnce(LONG.multipliedBy(3))) };
		joinAll(holders);
		this.timing.awaitTasks();
		assertThat(this.locker.renewedTwiceAtOnce()).as("owners renewed twice at once").isEmpty();
		assertThat(this.locker.holders()).isEmpty();
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void aRenewalThatFindsTheClaimLostLetsTheHeadTakeOver() throws InterruptedException {
		this.locker.loseClaims();
		// A watchdog holding: its renewal is scheduled at once, and finds the claim lost.
		Holding stalled = this.coordinator.acquire(InterleavingFixtures.request(KEY, LONG, true), NO_DEADLINE);
		assertThat(stalled).isNotNull();
		Thread head = start(() -> holdOnce(LONG));
		joinAll(head);
		// The stalled holder lets go at last, of a holding taken over.
		this.coordinator.release(stalled);
		this.timing.awaitTasks();
		assertThat(this.listener.leasesLost()).as("losses reported").isEqualTo(1);
		assertThat(this.locker.holders()).isEmpty();
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	private void holdOnce(Duration lease) {
		Holding holding = this.coordinator.acquire(InterleavingFixtures.request(KEY, lease, false), NO_DEADLINE);
		assertThat(holding).isNotNull();
		this.coordinator.release(holding);
	}

}
