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
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.store.Locker;

/**
 * The exploration's workload on real threads and real time, for a store that cannot run
 * on a simulation's virtual time (any store, in the store contract's tests): templates
 * over the given processes of one store, their workers taking a few locks as in the
 * simulation, and the history checked afterwards ({@link ExplorationHistory}). Not
 * replayable as a seeded simulation is, but the same invariants on the store's real
 * timing.
 */
public final class RealTimeExploration implements ExplorationRuntime {

	private final Random random;

	private final ExplorationPlan plan;

	/**
	 * @param seed the workload's random choices (the threads' interleaving is the
	 * machine's)
	 * @param plan the run's shape
	 */
	public RealTimeExploration(long seed, ExplorationPlan plan) {
		this.random = new Random(seed);
		this.plan = plan;
	}

	/**
	 * Runs the workload on one template per locker, and returns the broken invariants.
	 * @param keyPrefix put before the plan's keys, so that runs never share a lock
	 * @param lockers the processes, one locker each, on one store
	 * @param overrunBound how much longer than its wait an acquisition may take on this
	 * store
	 * @return the broken invariants, empty when none
	 * @throws InterruptedException when the calling thread is interrupted meanwhile
	 */
	public List<String> run(String keyPrefix, List<Locker> lockers, Duration overrunBound) throws InterruptedException {
		ExplorationHistory history = new ExplorationHistory(overrunBound.toNanos());
		ExplorationTrace trace = new ExplorationTrace(this);
		long end = nanoTime() + this.plan.workload().toNanos();
		List<DefaultLockTemplate> templates = new ArrayList<>();
		List<Thread> workers = new ArrayList<>();
		try {
			for (int p = 0; p < lockers.size(); p++) {
				DefaultLockTemplate template = new DefaultLockTemplate(lockers.get(p), this.plan.settings());
				templates.add(template);
				for (int t = 0; t < this.plan.threadsPerProcess(); t++) {
					String name = "p" + p + "-w" + t;
					Thread worker = new Thread(new ExplorationWorker(name, template, this.plan, this, null, keyPrefix,
							history, trace, end), name);
					worker.start();
					workers.add(worker);
				}
			}
			List<String> failures = new ArrayList<>();
			// A worker's last acquisition may begin just before the end and wait its
			// longest.
			long longest = this.plan.workload()
				.plus(Duration.ofSeconds(3))
				.plus(overrunBound.multipliedBy(4))
				.toMillis();
			for (Thread worker : workers) {
				worker.join(longest);
				if (worker.isAlive()) {
					failures.add(worker.getName() + " never finished");
				}
			}
			failures.addAll(history.failures());
			if (history.spans() == 0) {
				failures.add("No worker ever held a lock: the run checked nothing");
			}
			return failures;
		}
		finally {
			templates.forEach(DefaultLockTemplate::close);
		}
	}

	@Override
	public long nanoTime() {
		return System.nanoTime();
	}

	@Override
	public void pass(long nanos) {
		try {
			TimeUnit.NANOSECONDS.sleep(nanos);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public Random random() {
		return this.random;
	}

}
