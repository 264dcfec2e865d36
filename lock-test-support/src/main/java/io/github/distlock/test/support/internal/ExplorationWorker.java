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
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.LockTemplate;

/**
 * One worker thread of a process, simulated or real: until the workload's end it takes a
 * random lock with a random lease and wait, now and then re-enters it, mints a fencing
 * token and writes with it, works for a while, and lets go at once or after a minimum
 * hold.
 */
public final class ExplorationWorker implements Runnable {

	private final String name;

	private final @Nullable ExploredProcess process;

	private final LockTemplate template;

	private final ExplorationPlan plan;

	private final ExplorationObserver checks;

	private final ExplorationTrace trace;

	private final ExplorationRuntime simulation;

	private final String keyPrefix;

	private final long end;

	/**
	 * @param name the worker's name in traces and failures
	 * @param template its process's template
	 * @param plan the run's shape
	 * @param runtime the time it runs on: a simulation's, or real time
	 * @param process its simulated process, or {@code null} in real time
	 * @param keyPrefix put before the plan's keys
	 * @param checks told of every wait, holding, write and release
	 * @param trace where it logs what it did
	 * @param end when (in the runtime's time) it stops taking locks
	 */
	public ExplorationWorker(String name, LockTemplate template, ExplorationPlan plan, ExplorationRuntime runtime,
			@Nullable ExploredProcess process, String keyPrefix, ExplorationObserver checks, ExplorationTrace trace,
			long end) {
		this.name = name;
		this.template = template;
		this.plan = plan;
		this.simulation = runtime;
		this.process = process;
		this.keyPrefix = keyPrefix;
		this.checks = checks;
		this.trace = trace;
		this.end = end;
	}

	@Override
	public void run() {
		Random random = this.simulation.random();
		while (this.simulation.nanoTime() - this.end < 0) {
			String key = this.keyPrefix + this.plan.key(random);
			Optional<LockHandle> taken = acquire(key, this.plan.lease(random), this.plan.waitFor(random));
			if (taken.isPresent()) {
				hold(key, taken.get(), random);
			}
			else {
				this.simulation.pass(this.plan.pauseAfterBusy(random).toNanos());
			}
		}
	}

	private long pausedNanos() {
		return (this.process != null) ? this.process.pausedNanos() : 0;
	}

	private Optional<LockHandle> acquire(String key, @Nullable Duration lease, Duration wait) {
		long start = this.simulation.nanoTime();
		long pausedBefore = pausedNanos();
		Object waiting = this.checks.startsWaiting(key, start + wait.toNanos(), this.process, this.name);
		Optional<LockHandle> taken = Optional.empty();
		try {
			taken = this.template.tryAcquire(key, lease, wait);
		}
		catch (LockStoreException ex) {
			this.trace.log(this.name + " could not acquire '" + key + "': " + ex.getMessage());
		}
		finally {
			this.checks.stopsWaiting(waiting, start, wait.toNanos(), pausedNanos() - pausedBefore, this.name);
		}
		boolean interrupted = Thread.interrupted();
		this.trace.log(this.name + (taken.isPresent() ? " took '" : " did not take '") + key + "' (lease " + lease
				+ ", wait " + wait.toMillis() + " ms" + (interrupted ? ", interrupted)" : ")"));
		return taken;
	}

	private void hold(String key, LockHandle handle, Random random) {
		this.checks.took(key, handle, this.name);
		try {
			if (random.nextInt(6) == 0) {
				reenter(key);
			}
			if (random.nextInt(3) == 0) {
				fence(key, handle, random);
			}
			this.simulation.pass(this.plan.holdFor(random).toNanos());
		}
		finally {
			release(key, handle, random);
		}
	}

	private void reenter(String key) {
		Optional<LockHandle> nested = this.template.tryAcquire(key, null, Duration.ZERO);
		nested.ifPresent(LockHandle::close);
	}

	private void fence(String key, LockHandle handle, Random random) {
		try {
			long token = handle.fencingToken();
			this.checks.writes(key, handle, token, handle.isHeld(), this.name);
			this.trace.log(this.name + " wrote to '" + key + "' with token " + token);
		}
		catch (IllegalStateException ex) {
			this.checks.refusedToken(key, this.process);
			this.trace.log(this.name + " has no token for '" + key + "': " + ex.getMessage());
			// An application's work may take a while to notice: meanwhile, its process
			// knows the lock is lost.
			this.simulation.pass(TimeUnit.MILLISECONDS.toNanos(random.nextInt(1_000)));
		}
		catch (LockStoreException ex) {
			this.trace.log(this.name + " has no token for '" + key + "': " + ex.getMessage());
		}
	}

	private void release(String key, LockHandle handle, Random random) {
		this.checks.releasing(key, handle, this.name);
		try {
			if (random.nextInt(6) == 0) {
				Duration hold = Duration.ofMillis(1 + random.nextInt(300));
				this.trace
					.log(this.name + " lets go of '" + key + "' after a minimum hold of " + hold.toMillis() + " ms");
				handle.closeAfter(hold);
			}
			else {
				this.trace.log(this.name + " releases '" + key + "'");
				handle.close();
			}
		}
		catch (LockStoreException ex) {
			this.trace.log(this.name + " could not release '" + key + "': " + ex.getMessage());
		}
	}

}
