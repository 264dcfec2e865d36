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
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.Simulation.SimulatedProcess;

/**
 * An executor whose tasks run on simulated threads of one process, at their virtual time:
 * the core's timers and pools under {@link Simulation}. Its workers wait for the next
 * task due, so they take the baton like any other simulated thread. Shutting it down
 * drops the tasks not run.
 */
final class SimulatedExecutor extends AbstractExecutorService implements ScheduledExecutorService {

	private final Simulation simulation;

	private final String name;

	private final List<SimulatedThread> workers = new ArrayList<>();

	/** Guarded by this executor's monitor, held briefly and never across a wait. */
	private final PriorityQueue<Task> tasks = new PriorityQueue<>();

	private long sequence;

	private boolean shutdown;

	SimulatedExecutor(Simulation simulation, SimulatedProcess process, String name, int threads) {
		this.simulation = simulation;
		this.name = name;
		for (int i = 0; i < threads; i++) {
			this.workers.add(simulation.start(process, name + "-" + i, this::work));
		}
	}

	private void work() {
		SimulatedThread self = this.simulation.current();
		while (true) {
			Task next;
			long wakeAt;
			synchronized (this) {
				if (this.shutdown) {
					return;
				}
				next = this.tasks.peek();
				boolean due = next != null && this.simulation.nanoTime() - next.due >= 0;
				wakeAt = (next != null) ? next.due : SimulatedThread.FOR_EVER;
				if (due) {
					this.tasks.poll();
				}
				else {
					next = null;
				}
			}
			if (next == null) {
				self.await(wakeAt);
			}
			else {
				run(next);
			}
		}
	}

	private void run(Task task) {
		try {
			task.run();
		}
		catch (SimulatedThread.Aborted ex) {
			throw ex;
		}
		catch (Throwable ex) {
			// A core task must not throw: the system's executor would swallow it, and a
			// lock's work be lost.
			this.simulation.failed(new AssertionError("A task of " + this.name + " threw", ex));
		}
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
		Task task;
		synchronized (this) {
			if (this.shutdown) {
				throw new RejectedExecutionException(this.name + " is shut down");
			}
			task = new Task(command, this.simulation.nanoTime() + Math.max(0, unit.toNanos(delay)), this.sequence++);
			this.tasks.add(task);
		}
		// Each idle worker looks again: the new task may be due before the one it waits
		// for.
		this.workers.forEach(SimulatedThread::wake);
		return task;
	}

	@Override
	public void execute(Runnable command) {
		schedule(command, 0, TimeUnit.NANOSECONDS);
	}

	/** Tasks scheduled and not yet run nor cancelled, for the exploration's bounds. */
	synchronized int pending() {
		return this.tasks.size();
	}

	private synchronized boolean cancel(Task task) {
		return this.tasks.remove(task);
	}

	@Override
	public void shutdown() {
		shutdownNow();
	}

	@Override
	public List<Runnable> shutdownNow() {
		synchronized (this) {
			this.shutdown = true;
			this.tasks.clear();
		}
		this.workers.forEach(SimulatedThread::wake);
		return List.of();
	}

	@Override
	public synchronized boolean isShutdown() {
		return this.shutdown;
	}

	@Override
	public boolean isTerminated() {
		return isShutdown() && this.workers.stream().allMatch(SimulatedThread::hasEnded);
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) {
		return isTerminated();
	}

	@Override
	public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
		throw new UnsupportedOperationException("The core schedules runnables");
	}

	@Override
	public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
		throw new UnsupportedOperationException("The core schedules each run itself");
	}

	@Override
	public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
		throw new UnsupportedOperationException("The core schedules each run itself");
	}

	/**
	 * A task due at a virtual time; tasks due together run in the order they were
	 * scheduled.
	 */
	private final class Task implements ScheduledFuture<Object>, Runnable {

		private final Runnable command;

		private final long due;

		private final long order;

		private volatile boolean done;

		private volatile boolean cancelled;

		Task(Runnable command, long due, long order) {
			this.command = command;
			this.due = due;
			this.order = order;
		}

		@Override
		public void run() {
			if (!this.cancelled) {
				this.done = true;
				this.command.run();
			}
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return unit.convert(this.due - SimulatedExecutor.this.simulation.nanoTime(), TimeUnit.NANOSECONDS);
		}

		@Override
		public int compareTo(Delayed other) {
			Task that = (Task) other;
			int byTime = Long.signum(this.due - that.due);
			return (byTime != 0) ? byTime : Long.compare(this.order, that.order);
		}

		@Override
		public boolean cancel(boolean mayInterruptIfRunning) {
			if (this.done || this.cancelled) {
				return false;
			}
			this.cancelled = true;
			this.done = true;
			SimulatedExecutor.this.cancel(this);
			return true;
		}

		@Override
		public boolean isCancelled() {
			return this.cancelled;
		}

		@Override
		public boolean isDone() {
			return this.done;
		}

		@Override
		public Object get() {
			throw new UnsupportedOperationException("The core never waits for a task");
		}

		@Override
		public Object get(long timeout, TimeUnit unit) {
			throw new UnsupportedOperationException("The core never waits for a task");
		}

	}

}
