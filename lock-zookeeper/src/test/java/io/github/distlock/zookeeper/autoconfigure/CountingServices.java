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

package io.github.distlock.zookeeper.autoconfigure;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;

/**
 * A bean with {@code @DistributedLock} methods, for
 * {@link ZooKeeperLockAutoConfigurationTests}.
 */
public class CountingServices {

	private final Tally tally;

	CountingServices(Tally tally) {
		this.tally = tally;
	}

	/**
	 * A read-modify-write of a tally shared by every process, which loses updates unless
	 * locked.
	 */
	@DistributedLock(name = "tally", key = "'shared'", waitMs = 60_000)
	public void increment() {
		int value = this.tally.value;
		Thread.yield();
		this.tally.value = value + 1;
	}

	/**
	 * Runs {@code inside} holding lock {@code goods:<id>}, and answers the lock's fencing
	 * token.
	 */
	@DistributedLock(name = "goods", key = "#id")
	public long whileHolding(long id, Runnable inside) {
		inside.run();
		return LockContext.current().orElseThrow().fencingToken();
	}

	/** A tally shared by the processes of one test. */
	static final class Tally {

		private int value;

		int value() {
			return this.value;
		}

	}

}
