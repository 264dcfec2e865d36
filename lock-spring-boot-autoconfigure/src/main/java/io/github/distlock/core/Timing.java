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

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where the protocol reads the time, waits for it, and runs work later (PROTOCOL.md,
 * "Time and exploration"): the system's clock and executors in production
 * ({@link #SYSTEM}), a simulation's in the exploration tests, which run the protocol on
 * virtual time with its interleavings chosen by a seed. Every {@link System#nanoTime()}
 * value named in this package is read from here.
 */
interface Timing {

	/**
	 * The JVM's monotonic clock, its conditions, and daemon threads of distlock's own.
	 */
	Timing SYSTEM = new Timing() {

		@Override
		public long nanoTime() {
			return System.nanoTime();
		}

		@Override
		public Condition newCondition(ReentrantLock mutex) {
			return mutex.newCondition();
		}

		@Override
		public ScheduledExecutorService newScheduler(String threadName) {
			return DaemonThreads.scheduler(threadName);
		}

		@Override
		public ExecutorService newExecutor(String threadName, int threads) {
			return DaemonThreads.pool(threadName, threads);
		}

	};

	/** The monotonic time in nanoseconds, as {@link System#nanoTime()}. */
	long nanoTime();

	/**
	 * A condition of {@code mutex}, whose timed waits count this timing's nanoseconds.
	 * @param mutex the lock that guards what the waiting thread waits for
	 * @return a new condition
	 */
	Condition newCondition(ReentrantLock mutex);

	/**
	 * Waits on {@code condition}, a condition of this timing, for at most {@code nanos},
	 * as {@link Condition#awaitNanos} does: the one way the core waits on its conditions,
	 * so that a test can tell a wait that no schedule outlives from one that ends.
	 * @param condition the condition, whose mutex the caller holds
	 * @param nanos the longest wait
	 * @return an estimate of the nanoseconds left, as {@link Condition#awaitNanos}
	 * @throws InterruptedException when the thread is interrupted
	 */
	default long awaitNanos(Condition condition, long nanos) throws InterruptedException {
		return condition.awaitNanos(nanos);
	}

	/**
	 * A scheduler with one thread, which drops cancelled tasks at once.
	 * @param threadName its thread's name
	 * @return a new scheduler
	 */
	ScheduledExecutorService newScheduler(String threadName);

	/**
	 * A pool of up to {@code threads} threads that end when idle, with an unbounded
	 * queue.
	 * @param threadName its threads' name
	 * @param threads how many threads it runs at most
	 * @return a new executor
	 */
	ExecutorService newExecutor(String threadName, int threads);

}
