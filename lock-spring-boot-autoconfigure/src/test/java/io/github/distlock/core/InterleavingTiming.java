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
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The {@link Timing} of the {@code *InterleavingTests}: the system's clock, with two
 * changes that leave every ordering to Fray's scheduler.
 *
 * <ul>
 * <li>A wait on a condition longer than {@link #UNTIMED_BEYOND} waits without a timeout.
 * The tests' leases and deadlines are that long ({@link InterleavingFixtures#LONG},
 * {@link InterleavingFixtures#NO_DEADLINE}), so their waiters must be woken by a signal,
 * never by time. With a timed wait Fray would end a wait nobody wakes as soon as no other
 * thread can run (its {@code ignoreTimedBlock}), and the waiter would wait again, for
 * ever, unnoticed. Untimed, it stays parked: Fray 0.9.2 does not report that as a
 * deadlock, and the Fray fork's timeout (pom.xml) fails the build.</li>
 * <li>An executor runs each task on a thread of its own as soon as it is given it,
 * whatever its delay: the delay's end is one more moment for Fray to place. Cancelling a
 * task that has not started stops it. Its threads end with their task, and shutting it
 * down interrupts nothing (Fray 0.9.2 throws a {@code NullPointerException} from
 * {@code Thread.interrupt()} on JDK 17).</li>
 * </ul>
 */
final class InterleavingTiming implements Timing {

	static final long UNTIMED_BEYOND = InterleavingFixtures.LONG.toNanos() / 2;

	private final Queue<Thread> started = new ConcurrentLinkedQueue<>();

	@Override
	public long nanoTime() {
		return System.nanoTime();
	}

	@Override
	public Condition newCondition(ReentrantLock mutex) {
		return mutex.newCondition();
	}

	@Override
	public long awaitNanos(Condition condition, long nanos) throws InterruptedException {
		if (nanos <= UNTIMED_BEYOND) {
			return condition.awaitNanos(nanos);
		}
		condition.await();
		return nanos;
	}

	@Override
	public ScheduledExecutorService newScheduler(String threadName) {
		return new ThreadPerTask(threadName);
	}

	@Override
	public ExecutorService newExecutor(String threadName, int threads) {
		return new ThreadPerTask(threadName);
	}

	/** Waits until every task given to this timing's executors so far has ended. */
	void awaitTasks() throws InterruptedException {
		for (Thread thread = this.started.poll(); thread != null; thread = this.started.poll()) {
			InterleavingFixtures.joinAll(thread);
		}
	}

	private final class ThreadPerTask extends AbstractExecutorService implements ScheduledExecutorService {

		private final String threadName;

		private volatile boolean shutdown;

		ThreadPerTask(String threadName) {
			this.threadName = threadName;
		}

		@Override
		public void execute(Runnable task) {
			if (this.shutdown) {
				throw new RejectedExecutionException(this.threadName + " is shut down");
			}
			Thread thread = new Thread(task, this.threadName);
			thread.setDaemon(true);
			InterleavingTiming.this.started.add(thread);
			thread.start();
		}

		@Override
		public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
			return schedule(() -> {
				task.run();
				return null;
			}, delay, unit);
		}

		@Override
		public <V> ScheduledFuture<V> schedule(Callable<V> task, long delay, TimeUnit unit) {
			Scheduled<V> scheduled = new Scheduled<>(task);
			execute(scheduled);
			return scheduled;
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, long initialDelay, long period, TimeUnit unit) {
			throw new UnsupportedOperationException("The core schedules no repeating task");
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable task, long initialDelay, long delay, TimeUnit unit) {
			throw new UnsupportedOperationException("The core schedules no repeating task");
		}

		@Override
		public void shutdown() {
			this.shutdown = true;
		}

		@Override
		public List<Runnable> shutdownNow() {
			shutdown();
			return List.of();
		}

		@Override
		public boolean isShutdown() {
			return this.shutdown;
		}

		@Override
		public boolean isTerminated() {
			return this.shutdown;
		}

		@Override
		public boolean awaitTermination(long timeout, TimeUnit unit) {
			return this.shutdown;
		}

	}

	/** A task whose delay is up as soon as it is scheduled. */
	private static final class Scheduled<V> extends FutureTask<V> implements ScheduledFuture<V> {

		Scheduled(Callable<V> task) {
			super(task);
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return 0;
		}

		@Override
		public int compareTo(Delayed other) {
			return Long.compare(0, other.getDelay(TimeUnit.NANOSECONDS));
		}

	}

}
