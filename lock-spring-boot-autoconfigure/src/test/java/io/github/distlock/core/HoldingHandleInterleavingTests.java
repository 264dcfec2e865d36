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

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.FrayTest;

import static io.github.distlock.core.InterleavingFixtures.NO_DEADLINE;
import static io.github.distlock.core.InterleavingFixtures.joinAll;
import static io.github.distlock.core.InterleavingFixtures.start;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lock handle under Fray's controlled scheduler: closed on two threads at once (a
 * caller's {@code close} and a minimum hold's timer, or code that closes a handle it
 * shared), it counts once: one release of the lock, one release told to the listeners,
 * and the key's local lock gone.
 */
@ExtendWith(FrayTestExtension.class)
class HoldingHandleInterleavingTests {

	private final InterleavingTiming timing = new InterleavingTiming();

	private final CountingLocker locker = new CountingLocker();

	private final CountingListener listener = new CountingListener();

	private final LockCoordinator coordinator = InterleavingFixtures.coordinator(this.locker, this.listener,
			this.timing);

	/**
	 * Starts the handles' leak watch outside Fray's schedules: a thread of the JVM's, not
	 * of a test's.
	 */
	@BeforeAll
	static void startLeakWatch() throws ClassNotFoundException {
		Class.forName(HoldingHandle.class.getName(), true, HoldingHandle.class.getClassLoader());
	}

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void aHandleClosedOnTwoThreadsReleasesTheLockOnce() throws InterruptedException {
		Holding holding = this.coordinator.acquire(InterleavingFixtures.request("k"), NO_DEADLINE);
		assertThat(holding).isNotNull();
		HoldingHandle handle = new HoldingHandle(holding, this.coordinator);
		Thread other = start(handle::close);
		handle.close();
		joinAll(other);
		this.timing.awaitTasks();
		assertThat(this.listener.released()).as("releases told").isEqualTo(1);
		assertThat(this.locker.releases()).as("releases in the store").isEqualTo(1);
		assertThat(this.locker.holders()).isEmpty();
		assertThat(this.coordinator.localLockCount()).isZero();
	}

}
