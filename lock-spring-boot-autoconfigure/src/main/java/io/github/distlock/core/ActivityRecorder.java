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

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Gathers the {@link LockActivity} of this process from each key's {@link LocalLock},
 * turning the {@link Timing#nanoTime()} values they keep into instants by one reading of
 * both clocks.
 */
final class ActivityRecorder {

	private final Instant wallClockNow = Instant.now();

	private final long nanoTimeNow;

	private final List<LockActivity.Held> held = new ArrayList<>();

	private final List<LockActivity.Waiting> waiting = new ArrayList<>();

	/**
	 * @param nanoTimeNow the process's monotonic time, read just before the recorder
	 * reads the wall clock
	 */
	ActivityRecorder(long nanoTimeNow) {
		this.nanoTimeNow = nanoTimeNow;
	}

	void held(Holding holding) {
		long token = holding.mintedFencingToken();
		this.held.add(new LockActivity.Held(holding.key(), instant(holding.startedAt()), holding.remainingLease(),
				holding.request().watchdog(), (token != 0) ? token : null, nameOf(holding.thread())));
	}

	void waiting(String key, Thread thread, long since, boolean atStore) {
		this.waiting.add(new LockActivity.Waiting(key, instant(since), thread.getName(), atStore));
	}

	LockActivity activity() {
		this.held.sort(Comparator.comparing(LockActivity.Held::key).thenComparing(LockActivity.Held::since));
		this.waiting.sort(Comparator.comparing(LockActivity.Waiting::key).thenComparing(LockActivity.Waiting::since));
		return new LockActivity(List.copyOf(this.held), List.copyOf(this.waiting));
	}

	private Instant instant(long nanoTime) {
		return this.wallClockNow.minusNanos(this.nanoTimeNow - nanoTime);
	}

	private static @Nullable String nameOf(@Nullable Thread thread) {
		return (thread != null) ? thread.getName() : null;
	}

}
