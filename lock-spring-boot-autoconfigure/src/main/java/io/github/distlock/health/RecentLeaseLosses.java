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

package io.github.distlock.health;

import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedDeque;

import io.github.distlock.core.LockListener;

/**
 * Remembers when leases were found lost over the last few minutes, for the health
 * indicator.
 */
public final class RecentLeaseLosses implements LockListener {

	/** How far back the count goes. */
	public static final Duration WINDOW = Duration.ofMinutes(5);

	private final ConcurrentLinkedDeque<Long> losses = new ConcurrentLinkedDeque<>();

	@Override
	public void leaseLost(String key) {
		this.losses.addLast(System.nanoTime());
		forgetOld();
	}

	/**
	 * Returns how many leases were found lost within the last {@link #WINDOW}.
	 * @return the count
	 */
	public int count() {
		forgetOld();
		return this.losses.size();
	}

	private void forgetOld() {
		long oldest = System.nanoTime() - WINDOW.toNanos();
		Long first;
		while ((first = this.losses.peekFirst()) != null && first - oldest < 0) {
			this.losses.pollFirst();
		}
	}

}
