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

/**
 * A listener of the {@code *InterleavingTests} that counts what it is told: views
 * released, and leases lost. Thread-safe.
 */
final class CountingListener implements LockListener {

	private final AtomicInteger released = new AtomicInteger();

	private final AtomicInteger leasesLost = new AtomicInteger();

	@Override
	public void released(String key, long hold, Duration held) {
		this.released.incrementAndGet();
	}

	@Override
	public void leaseLost(String key) {
		this.leasesLost.incrementAndGet();
	}

	int released() {
		return this.released.get();
	}

	int leasesLost() {
		return this.leasesLost.get();
	}

}
