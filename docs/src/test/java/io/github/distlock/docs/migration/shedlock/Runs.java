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

package io.github.distlock.docs.migration.shedlock;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the runs of the report job of every instance, and can keep a run inside the job.
 */
final class Runs {

	static final AtomicInteger count = new AtomicInteger();

	static volatile CountDownLatch entered = new CountDownLatch(0);

	static volatile CountDownLatch leave = new CountDownLatch(0);

	private Runs() {
	}

	static void run() {
		count.incrementAndGet();
		CountDownLatch until = leave;
		entered.countDown();
		try {
			until.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
