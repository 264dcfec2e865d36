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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The end of each lock's wait (ZOOKEEPER.md, point a): at most one task per lock pending
 * on the locker's background thread, replaced by every busy answer to a caller that will
 * wait and cancelled when the lock's last subscription closes, so that a wait of many
 * busy answers leaves one task, not one per answer. The background executor must remove
 * cancelled tasks at once.
 */
final class WaitDeadlines {

	private final ScheduledExecutorService background;

	private final Map<String, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();

	WaitDeadlines(ScheduledExecutorService background) {
		this.background = background;
	}

	/**
	 * Runs {@code ended} once {@code wait} has passed, in place of the lock's end of wait
	 * due so far.
	 */
	void schedule(String key, Duration wait, Runnable ended) {
		this.pending.compute(key, (name, due) -> {
			cancel(due);
			return this.background.schedule(() -> end(key, ended), wait.toNanos(), TimeUnit.NANOSECONDS);
		});
	}

	/** Drops the lock's end of wait, if one is due. */
	void cancel(String key) {
		cancel(this.pending.remove(key));
	}

	private void end(String key, Runnable ended) {
		// This task's delay is over; one that replaced it meanwhile still has its own to
		// run.
		this.pending.computeIfPresent(key, (name, due) -> (due.getDelay(TimeUnit.NANOSECONDS) > 0) ? due : null);
		ended.run();
	}

	private static void cancel(@Nullable ScheduledFuture<?> due) {
		if (due != null) {
			due.cancel(false);
		}
	}

}
