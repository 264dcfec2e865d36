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

package io.github.distlock.test.support.internal;

import java.time.Duration;
import java.util.Random;

import org.jspecify.annotations.Nullable;

import io.github.distlock.core.WatchdogSettings;

/**
 * The shape of one exploration run, drawn from its seed: how many processes and threads
 * contend for how many keys, and how they use the locks (leases, waits, re-entry,
 * fencing, minimum holds, interrupts, pauses, stops). Few keys and short leases, so that
 * the edges are met often.
 *
 * @param processes client processes of the store, each with a template of its own
 * @param threadsPerProcess worker threads of each process
 * @param keys how many lock keys they share
 * @param workload how long (virtual) the workers start new acquisitions
 * @param watchdogLease the templates' watchdog lease (renewed every third of it)
 * @param interrupts whether a controller interrupts workers at random
 * @param pauses whether processes are paused at random (GC, {@code SIGSTOP})
 * @param stops whether templates are stopped and started again at random
 * @param longHolds whether holders work long while others try with short waits, again and
 * again, behind the same holder (what a store's client keeps per wait then piles up)
 */
public record ExplorationPlan(int processes, int threadsPerProcess, int keys, Duration workload, Duration watchdogLease,
		boolean interrupts, boolean pauses, boolean stops, boolean longHolds) {

	public static ExplorationPlan draw(Random random) {
		return new ExplorationPlan(2 + random.nextInt(2), 1 + random.nextInt(3), 1 + random.nextInt(2),
				Duration.ofMillis(1_000 + random.nextInt(3_000)), Duration.ofMillis(150 + random.nextInt(600)),
				random.nextInt(3) == 0, random.nextInt(3) == 0, random.nextInt(3) == 0, random.nextInt(4) == 0);
	}

	/** The longest fixed lease a worker asks for. */
	public static final Duration LONGEST_LEASE = Duration.ofMillis(800);

	public WatchdogSettings settings() {
		return WatchdogSettings.watchdogLease(this.watchdogLease);
	}

	public String key(Random random) {
		return "k" + random.nextInt(this.keys);
	}

	/** A fixed lease, or {@code null} for the watchdog. */
	public @Nullable Duration lease(Random random) {
		// A long holder keeps its lock by the watchdog: a fixed lease would run out under
		// its work.
		return (this.longHolds || random.nextInt(3) == 0) ? null
				: Duration.ofMillis(20 + random.nextInt((int) LONGEST_LEASE.toMillis() - 20));
	}

	public Duration waitFor(Random random) {
		if (this.longHolds) {
			// Short waits, so that a process stops listening now and then, behind the
			// same holder.
			return Duration.ofMillis(random.nextInt(100));
		}
		return switch (random.nextInt(4)) {
			case 0 -> Duration.ZERO;
			case 1 -> Duration.ofMillis(1 + random.nextInt(100));
			case 2 -> Duration.ofMillis(100 + random.nextInt(900));
			default -> Duration.ofSeconds(3);
		};
	}

	/**
	 * How long a worker that did not get the lock waits before it tries again: with long
	 * holders, long enough that now and then nobody in its process waits, and the process
	 * stops listening.
	 */
	public Duration pauseAfterBusy(Random random) {
		return Duration.ofMillis(this.longHolds ? 50 + random.nextInt(300) : random.nextInt(50));
	}

	/** How long a holder works under the lock: now and then past a short lease. */
	public Duration holdFor(Random random) {
		if (this.longHolds) {
			return Duration.ofMillis(500 + random.nextInt(1_500));
		}
		return Duration.ofMillis((random.nextInt(8) == 0) ? random.nextInt(1_000) : random.nextInt(60));
	}

	/**
	 * The longest the store may keep a lock nobody releases: the longest lease anyone
	 * asks for.
	 */
	public Duration longestLease() {
		return (this.watchdogLease.compareTo(LONGEST_LEASE) > 0) ? this.watchdogLease : LONGEST_LEASE;
	}

}
