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

import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.FrayTest;

import static io.github.distlock.core.InterleavingFixtures.LONG;
import static io.github.distlock.core.InterleavingFixtures.joinAll;
import static io.github.distlock.core.InterleavingFixtures.start;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The release notices of one key under Fray's controlled scheduler (PROTOCOL.md, "Release
 * notices"): the thread at the store takes a mark, finds the lock busy and waits for a
 * notice while the holder's release is noticed on another thread, so no notice that comes
 * after the mark is slept through (invariant 9); and the threads waiting for the key
 * leave while it is subscribed, the last one closing the subscription (invariants 10 and
 * 11). A waiter nobody wakes is reported by Fray as a deadlock (see
 * {@link InterleavingTiming}).
 */
@ExtendWith(FrayTestExtension.class)
class ReleaseNoticesInterleavingTests {

	private final ReleaseNotices notices = InterleavingFixtures.releaseNotices(new InterleavingTiming());

	private final CountingLocker locker = new CountingLocker();

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void theThreadAtTheStoreNeverSleepsThroughANoticeAfterItsMark() throws InterruptedException {
		AtomicBoolean released = new AtomicBoolean();
		Thread atTheStore = start(() -> {
			for (int mark = this.notices.mark(); !released.get(); mark = this.notices.mark()) {
				this.notices.awaitAfter(mark, LONG.toNanos());
			}
		});
		// The holder's release, as the store's notice of it.
		released.set(true);
		this.notices.noticed();
		joinAll(atTheStore);
	}

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void theLastThreadToStopWaitingClosesTheSubscription() throws InterruptedException {
		Thread atTheStore = start(() -> {
			this.notices.arrive();
			this.notices.subscribe(this.locker, "k", LONG);
			this.notices.leave();
		});
		Thread queued = start(this::arriveAndLeave);
		arriveAndLeave();
		joinAll(atTheStore, queued);
		assertThat(this.locker.openSubscriptions()).as("subscriptions open once nobody waits").isZero();
		assertThat(this.notices.isActive()).isFalse();
	}

	private void arriveAndLeave() {
		this.notices.arrive();
		this.notices.leave();
	}

}
