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

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The system's timing, but its clock stands still, and renewals are sent on the thread
 * that asks for them, so that a test sees at once whether a hand-off asked for one.
 */
final class StoppedClock implements Timing {

	private final long now;

	StoppedClock() {
		this(System.nanoTime());
	}

	StoppedClock(long now) {
		this.now = now;
	}

	@Override
	public long nanoTime() {
		return this.now;
	}

	@Override
	public Condition newCondition(ReentrantLock mutex) {
		return Timing.SYSTEM.newCondition(mutex);
	}

	@Override
	public ScheduledExecutorService newScheduler(String threadName) {
		return Timing.SYSTEM.newScheduler(threadName);
	}

	@Override
	public ExecutorService newExecutor(String threadName, int threads) {
		return new AbstractExecutorService() {

			@Override
			public void execute(Runnable command) {
				command.run();
			}

			@Override
			public void shutdown() {
			}

			@Override
			public List<Runnable> shutdownNow() {
				return List.of();
			}

			@Override
			public boolean isShutdown() {
				return false;
			}

			@Override
			public boolean isTerminated() {
				return false;
			}

			@Override
			public boolean awaitTermination(long timeout, TimeUnit unit) {
				return false;
			}

		};
	}

}
