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

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A condition of a real mutex whose waits are simulated: the waiting thread lets go of
 * the mutex and hands the baton back to its {@link Simulation}, and a timed wait ends
 * when virtual time reaches it. No other simulated thread holds the mutex when the waiter
 * is picked again, since simulated threads wait only here and in a store call, never
 * inside a mutex.
 */
final class SimulatedCondition implements Condition {

	private final Simulation simulation;

	private final ReentrantLock mutex;

	/** Guarded by the mutex, as a condition's waiters are. */
	private final List<SimulatedThread> waiters = new ArrayList<>();

	SimulatedCondition(Simulation simulation, ReentrantLock mutex) {
		this.simulation = simulation;
		this.mutex = mutex;
	}

	@Override
	public long awaitNanos(long nanos) throws InterruptedException {
		SimulatedThread self = this.simulation.current();
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		long now = this.simulation.nanoTime();
		// Waits of half the clock's range or more never end, as the core's open-ended
		// deadlines.
		long until = (nanos >= Long.MAX_VALUE / 2) ? SimulatedThread.FOR_EVER : now + Math.max(0, nanos);
		this.waiters.add(self);
		int holds = this.mutex.getHoldCount();
		for (int i = 0; i < holds; i++) {
			this.mutex.unlock();
		}
		try {
			self.await(until);
		}
		finally {
			// An aborted run unwinds without the mutex, which another unwinding thread
			// may hold.
			if (!this.simulation.isAborted()) {
				for (int i = 0; i < holds; i++) {
					this.mutex.lock();
				}
				this.waiters.remove(self);
			}
		}
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		return (until == SimulatedThread.FOR_EVER) ? nanos : until - this.simulation.nanoTime();
	}

	@Override
	public void await() throws InterruptedException {
		awaitNanos(SimulatedThread.FOR_EVER);
	}

	@Override
	public boolean await(long time, TimeUnit unit) throws InterruptedException {
		return awaitNanos(unit.toNanos(time)) > 0;
	}

	@Override
	public void awaitUninterruptibly() {
		throw new UnsupportedOperationException("The core waits interruptibly");
	}

	@Override
	public boolean awaitUntil(Date deadline) {
		throw new UnsupportedOperationException("The core waits for monotonic time, not for a date");
	}

	@Override
	public void signal() {
		if (!this.waiters.isEmpty()) {
			this.waiters.remove(0).wake();
		}
	}

	@Override
	public void signalAll() {
		this.waiters.forEach(SimulatedThread::wake);
		this.waiters.clear();
	}

}
