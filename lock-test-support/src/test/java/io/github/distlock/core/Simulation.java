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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

import io.github.distlock.test.support.internal.ExplorationTrace;
import io.github.distlock.test.support.internal.ExploredProcess;
import io.github.distlock.test.support.internal.ExplorationRuntime;

/**
 * A deterministic simulation of several processes on virtual time (PROTOCOL.md, "Time and
 * exploration"). Every simulated thread is a real thread, but only one runs at a time: it
 * runs until it waits (for a condition, for time to pass, for a task), then the
 * simulation picks the next one among those that may run, by its seed. Time moves only
 * when none may run, straight to the next moment one may. So a run depends on its seed
 * alone, and is replayed from it.
 *
 * <p>
 * Each process has a {@link Timing} ({@link #process}): the core objects built on it read
 * the virtual time, wait on conditions whose timed waits count virtual time, and run
 * their executors' tasks on simulated threads of that process. A paused process runs
 * nothing until it resumes.
 */
final class Simulation implements ExplorationRuntime, AutoCloseable {

	/**
	 * Where virtual time may start, as {@link System#nanoTime()} may start anywhere: far
	 * from zero, below it, or seconds before the clock wraps past {@link Long#MAX_VALUE},
	 * so that a comparison of instants instead of their difference breaks a run. (One
	 * nanosecond off the whole second, so that no instant of whole microseconds after it
	 * is {@link SimulatedThread#FOR_EVER}.)
	 */
	private static final long[] STARTS = { 1L << 40, -(1L << 62), Long.MAX_VALUE - TimeUnit.SECONDS.toNanos(3) + 1 };

	/**
	 * How long the running thread may go without waiting, in real time, before the run
	 * fails.
	 */
	private static final long STEP_WATCHDOG_SECONDS = 30;

	private final long seed;

	private final Random random;

	/**
	 * Guards the threads' states; the driver and the running thread take it only briefly.
	 */
	private final ReentrantLock state = new ReentrantLock();

	private final List<SimulatedThread> threads = new ArrayList<>();

	private final Map<Object, SimulatedProcess> processesByName = new IdentityHashMap<>();

	private final Semaphore driver = new Semaphore(0);

	private final List<Throwable> failures = new ArrayList<>();

	private final long start;

	private volatile long now;

	private volatile boolean aborted;

	private long steps;

	Simulation(long seed) {
		this.seed = seed;
		this.random = new Random(seed);
		this.start = STARTS[(int) Math.floorMod(seed, (long) STARTS.length)];
		this.now = this.start;
	}

	/**
	 * Milliseconds from the run's start to {@code instant}, as failures and traces print
	 * instants.
	 */
	String millisSinceStart(long instant) {
		return ExplorationTrace.millis(instant - this.start);
	}

	/** The later of two instants, by their difference. */
	static long later(long instant, long other) {
		return (other - instant > 0) ? other : instant;
	}

	long seed() {
		return this.seed;
	}

	long steps() {
		return this.steps;
	}

	/**
	 * A new simulated process: its timing, for the core objects of one template.
	 * @param name its name in thread names and failures
	 * @param alsoNamedBy objects that name the process to {@link #at} (its locker)
	 */
	SimulatedProcess process(String name, Object... alsoNamedBy) {
		SimulatedProcess process = new SimulatedProcess(this, name);
		for (Object alias : alsoNamedBy) {
			this.processesByName.put(alias, process);
		}
		return process;
	}

	/**
	 * Starts a simulated thread of {@code process}; it runs when the simulation picks it.
	 */
	SimulatedThread start(@Nullable SimulatedProcess process, String name, Runnable body) {
		SimulatedThread thread = new SimulatedThread(this, process, name, body);
		this.state.lock();
		try {
			this.threads.add(thread);
		}
		finally {
			this.state.unlock();
		}
		thread.begin();
		return thread;
	}

	@Override
	public long nanoTime() {
		return this.now;
	}

	@Override
	public Random random() {
		return this.random;
	}

	@Override
	public void pass(long nanos) {
		SimulatedThread current = current();
		long until = this.now + Math.max(0, nanos);
		while (this.now - until < 0 && !Thread.currentThread().isInterrupted()) {
			current.await(until);
		}
	}

	/**
	 * Runs {@code action} on a simulated thread of {@code process} once
	 * {@code delayNanos} of virtual time have passed: a message arriving at a client (a
	 * release notice, a connection event). It runs no sooner than the process is resumed
	 * when the process is paused.
	 * @param delayNanos how long from now
	 * @param process the process that receives it: the object that names it to the
	 * simulation (its locker), so that a paused process receives nothing until it resumes
	 * @param action what it receives
	 */
	void at(long delayNanos, Object process, Runnable action) {
		SimulatedProcess receiver = this.processesByName.get(process);
		if (receiver == null) {
			throw new IllegalArgumentException("No simulated process is named by " + process);
		}
		receiver.deliver(delayNanos, action);
	}

	/** The simulated thread running now; throws on any other thread. */
	SimulatedThread current() {
		SimulatedThread current = SimulatedThread.current();
		if (current == null) {
			throw new IllegalStateException(Thread.currentThread().getName() + " is not a simulated thread");
		}
		return current;
	}

	/** Records a failure seen on a simulated thread; the run stops at its next step. */
	void failed(Throwable failure) {
		this.state.lock();
		try {
			this.failures.add(failure);
		}
		finally {
			this.state.unlock();
		}
	}

	/**
	 * Runs simulated threads one step at a time until virtual time reaches {@code until},
	 * nothing can run any more, or a failure; after every step, {@code afterStep} checks
	 * the invariants.
	 * @return whether anything could still run (false: every thread ended or waits for
	 * ever)
	 */
	boolean runUntil(long until, Runnable afterStep) {
		while (this.failures.isEmpty()) {
			SimulatedThread next = pickRunnable();
			if (next == null) {
				long wake = nextWake();
				if (wake == Long.MAX_VALUE || wake - until > 0) {
					// Nothing runs before then: the time passes all the same.
					this.now = until;
					return wake != Long.MAX_VALUE;
				}
				this.now = later(this.now, wake);
				continue;
			}
			step(next);
			forgetIfEnded(next);
			afterStep.run();
		}
		return true;
	}

	private void step(SimulatedThread next) {
		this.steps++;
		next.resume();
		try {
			if (!this.driver.tryAcquire(STEP_WATCHDOG_SECONDS, TimeUnit.SECONDS)) {
				IllegalStateException stuck = new IllegalStateException("Simulated thread " + next + " ran for "
						+ STEP_WATCHDOG_SECONDS + " s without waiting: blocked outside the simulation?");
				stuck.setStackTrace(next.stackTrace());
				throw stuck;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while a simulated thread ran", ex);
		}
	}

	/**
	 * Drops an ended thread, so that a long run does not look through every thread it
	 * ever had.
	 */
	private void forgetIfEnded(SimulatedThread thread) {
		if (thread.hasEnded()) {
			this.state.lock();
			try {
				this.threads.remove(thread);
			}
			finally {
				this.state.unlock();
			}
		}
	}

	/**
	 * Called by the running thread when it waits or ends: the driver picks the next one.
	 */
	void yieldToDriver() {
		this.driver.release();
	}

	private @Nullable SimulatedThread pickRunnable() {
		List<SimulatedThread> runnable = new ArrayList<>();
		for (SimulatedThread thread : snapshot()) {
			if (thread.mayRunAt(this.now)) {
				runnable.add(thread);
			}
		}
		return runnable.isEmpty() ? null : runnable.get(this.random.nextInt(runnable.size()));
	}

	private long nextWake() {
		long next = Long.MAX_VALUE;
		for (SimulatedThread thread : snapshot()) {
			long wake = thread.nextRunnableAt();
			if (wake != Long.MAX_VALUE && (next == Long.MAX_VALUE || wake - next < 0)) {
				next = wake;
			}
		}
		return next;
	}

	List<SimulatedThread> snapshot() {
		this.state.lock();
		try {
			return new ArrayList<>(this.threads);
		}
		finally {
			this.state.unlock();
		}
	}

	List<Throwable> failures() {
		this.state.lock();
		try {
			return new ArrayList<>(this.failures);
		}
		finally {
			this.state.unlock();
		}
	}

	boolean isAborted() {
		return this.aborted;
	}

	/**
	 * Ends the run: every simulated thread still waiting unwinds, and its real thread
	 * ends.
	 */
	@Override
	public void close() {
		this.aborted = true;
		for (SimulatedThread thread : snapshot()) {
			thread.abort();
		}
		for (SimulatedThread thread : snapshot()) {
			thread.join(TimeUnit.SECONDS.toMillis(10));
		}
	}

	/**
	 * The timing of one simulated process: virtual time, conditions of simulated threads,
	 * and executors whose tasks run on simulated threads of the process.
	 */
	static final class SimulatedProcess implements Timing, ExploredProcess {

		private final Simulation simulation;

		private final String name;

		/**
		 * Until when (virtual) the process is paused, as by a long GC or {@code SIGSTOP}.
		 */
		private volatile long pausedUntil;

		private volatile long pausedNanos;

		private final List<SimulatedExecutor> executors = new ArrayList<>();

		private final SimulatedExecutor events;

		SimulatedProcess(Simulation simulation, String name) {
			this.simulation = simulation;
			this.name = name;
			this.pausedUntil = simulation.nanoTime();
			this.events = new SimulatedExecutor(simulation, this, name + "-events", 1);
		}

		String name() {
			return this.name;
		}

		Simulation simulation() {
			return this.simulation;
		}

		/**
		 * Pauses every thread of the process for {@code nanos} of virtual time from now.
		 */
		void pause(long nanos) {
			long until = this.simulation.nanoTime() + nanos;
			long from = later(this.pausedUntil, this.simulation.nanoTime());
			if (until - from > 0) {
				this.pausedNanos += until - from;
				this.pausedUntil = until;
			}
		}

		/**
		 * How long the process has been paused in all, for bounds that exclude pauses.
		 */
		@Override
		public long pausedNanos() {
			return this.pausedNanos;
		}

		boolean isPausedAt(long time) {
			return time - this.pausedUntil < 0;
		}

		long pausedUntil() {
			return this.pausedUntil;
		}

		void deliver(long delayNanos, Runnable action) {
			this.events.schedule(action, delayNanos, TimeUnit.NANOSECONDS);
		}

		@Override
		public long nanoTime() {
			return this.simulation.nanoTime();
		}

		@Override
		public Condition newCondition(ReentrantLock mutex) {
			return new SimulatedCondition(this.simulation, mutex);
		}

		@Override
		public ScheduledExecutorService newScheduler(String threadName) {
			return executor(threadName, 1);
		}

		@Override
		public ExecutorService newExecutor(String threadName, int threads) {
			return executor(threadName, threads);
		}

		private SimulatedExecutor executor(String threadName, int threads) {
			SimulatedExecutor executor = new SimulatedExecutor(this.simulation, this, this.name + "-" + threadName,
					threads);
			this.executors.add(executor);
			return executor;
		}

		/**
		 * Tasks scheduled on the process's executors and not yet run, for the
		 * exploration's bounds.
		 */
		int pendingTasks() {
			return this.executors.stream().mapToInt(SimulatedExecutor::pending).sum();
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

}
