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
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.FrayTest;

import static io.github.distlock.core.InterleavingFixtures.joinAll;
import static io.github.distlock.core.InterleavingFixtures.start;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Minimum holds under Fray's controlled scheduler (PROTOCOL.md, "Minimum holds"): a
 * holding let go of for a minimum hold, its timer ending the hold, and the application
 * stopping, on three threads in any order. Each holding ends exactly once: released when
 * its hold ends, or left to the store (one shortened lease) when the application stopped
 * first, never both and never neither.
 */
@ExtendWith(FrayTestExtension.class)
class DeferredReleasesInterleavingTests {

	private static final String KEY = "k";

	private final InterleavingTiming timing = new InterleavingTiming();

	private final CountingLocker locker = new CountingLocker();

	private final DeferredReleases deferred = InterleavingFixtures.deferredReleases(this.locker, this.timing);

	private final AtomicInteger released = new AtomicInteger();

	private final AtomicInteger leftToStore = new AtomicInteger();

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void aMinimumHoldEndsOnceWhenTheApplicationStopsMeanwhile() throws InterruptedException {
		LocalLock local = InterleavingFixtures.localLock(this.timing);
		Holding holding = InterleavingFixtures.holding(local, this.locker, InterleavingFixtures.request(KEY), "owner");
		Thread caller = start(() -> this.deferred.releaseAfter(holding, Duration.ofMillis(1),
				() -> storeCall(this.released), () -> storeCall(this.leftToStore)));
		this.deferred.stop();
		joinAll(caller);
		// The timer's task, which may still be running; or one that came after the stop
		// (a late hold).
		this.timing.awaitTasks();
		assertThat(this.released.get() + this.leftToStore.get()).as("ends of the holding").isEqualTo(1);
		assertThat(this.locker.renewals()).as("leases shortened in the store").isEqualTo(this.leftToStore.get());
		assertThat(this.deferred.pending()).isZero();
	}

	/**
	 * A release, or a lease left to the store: a store call, during which a scheduler may
	 * run anything.
	 */
	private static void storeCall(AtomicInteger count) {
		count.incrementAndGet();
		Thread.yield();
	}

}
