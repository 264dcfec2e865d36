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

package io.github.distlock.virtualthreads;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the bodies of locked methods saw: how many ran at once (at most one while the lock
 * excludes), how many ran, and how many of them ran on a platform thread.
 */
final class Holders {

	private final AtomicInteger now = new AtomicInteger();

	private final AtomicInteger most = new AtomicInteger();

	private final AtomicInteger runs = new AtomicInteger();

	private final AtomicInteger onPlatformThreads = new AtomicInteger();

	/**
	 * Runs as a locked method's body: counts itself among the holders while it parks for the
	 * given time, as a method that waits for I/O under the lock does.
	 * @param work how long the body parks
	 * @return whether it ran on a virtual thread
	 */
	boolean hold(Duration work) {
		boolean virtual = Thread.currentThread().isVirtual();
		if (!virtual) {
			this.onPlatformThreads.incrementAndGet();
		}
		this.most.accumulateAndGet(this.now.incrementAndGet(), Math::max);
		try {
			Thread.sleep(work);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.now.decrementAndGet();
			this.runs.incrementAndGet();
		}
		return virtual;
	}

	int most() {
		return this.most.get();
	}

	int runs() {
		return this.runs.get();
	}

	int onPlatformThreads() {
		return this.onPlatformThreads.get();
	}

}
