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

import static org.assertj.core.api.Assertions.assertThat;

import io.github.distlock.store.Locker;

/**
 * Builds the core objects that the {@code *InterleavingTests} drive, in one place, on an
 * {@link InterleavingTiming}; and starts and joins their threads.
 *
 * <p>
 * The tests interrupt no thread: Fray 0.9.2 throws a {@code NullPointerException} from
 * {@code Thread.interrupt()} on JDK 17, so a waiter that gives up here is one whose
 * deadline passed.
 */
final class InterleavingFixtures {

	/**
	 * A lease no schedule outlives: a holding here ends by release or loss, never by
	 * time.
	 */
	static final Duration LONG = Duration.ofHours(1);

	/** A deadline no schedule reaches: a waiter here waits until it is woken. */
	static final long NO_DEADLINE = Long.MAX_VALUE;

	private static final WatchdogSettings SETTINGS = WatchdogSettings.watchdogLease(LONG);

	private InterleavingFixtures() {
	}

	/** A request for a fixed lease of {@link #LONG}. */
	static LockRequest request(String key) {
		return request(key, LONG, false);
	}

	static LockRequest request(String key, Duration lease, boolean watchdog) {
		return new LockRequest(key, lease, watchdog, null, System.nanoTime());
	}

	static LocalLock localLock(InterleavingTiming timing) {
		return new LocalLock(timing);
	}

	/**
	 * A holding of {@code request} by the current thread, on a claim the store just
	 * granted with the given owner token: what {@code LockCoordinator} builds when its
	 * store call took the lock.
	 */
	static Holding holding(LocalLock local, Locker locker, LockRequest request, String owner) {
		long now = System.nanoTime();
		Claim claim = new Claim(request.key(), owner, local, locker, now, request.lease().toNanos());
		return new Holding(claim, request, Thread.currentThread(), now);
	}

	static ReleaseNotices releaseNotices(InterleavingTiming timing) {
		return new ReleaseNotices(timing);
	}

	static DeferredReleases deferredReleases(Locker locker, InterleavingTiming timing) {
		LeaseKeeper keeper = new LeaseKeeper(locker, SETTINGS, new LeaseEvents(new LockListener() {
		}), timing);
		return new DeferredReleases(locker, keeper, timing);
	}

	/** A coordinator that tells {@code listener} of every acquisition and release. */
	static LockCoordinator coordinator(Locker locker, LockListener listener, InterleavingTiming timing) {
		return new LockCoordinator(locker, SETTINGS, listener, true, "interleavings", timing);
	}

	static Thread start(Runnable action) {
		Thread thread = new Thread(action);
		thread.start();
		return thread;
	}

	/**
	 * Waits for the threads to end. Under Fray a timed join ends before they do only when
	 * no other thread can run (Fray's {@code ignoreTimedBlock}): then a thread still
	 * alive waits for a wake-up that nobody will send (the core's long waits have no
	 * timeout here, see {@link InterleavingTiming}), and the test fails at once instead
	 * of hanging.
	 */
	static void joinAll(Thread... threads) throws InterruptedException {
		for (Thread thread : threads) {
			thread.join(LONG.toMillis());
			assertThat(thread.isAlive())
				.as("%s waits, and no thread can wake it: a lost wake-up or a deadlock", thread.getName())
				.isFalse();
		}
	}

}
