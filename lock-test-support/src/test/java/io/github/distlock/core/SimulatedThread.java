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

import java.util.concurrent.Semaphore;

import org.jspecify.annotations.Nullable;

import io.github.distlock.core.Simulation.SimulatedProcess;

/**
 * A real thread that runs only when its {@link Simulation} hands it the baton, and hands
 * it back whenever it waits, so that one simulated thread runs at a time.
 */
final class SimulatedThread {

	/** A wait with no time limit: until woken. */
	static final long FOR_EVER = Long.MAX_VALUE;

	private static final ThreadLocal<SimulatedThread> CURRENT = new ThreadLocal<>();

	private enum State {

		RUNNABLE, RUNNING, WAITING, ENDED

	}

	private final Simulation simulation;

	private final @Nullable SimulatedProcess process;

	private final Thread thread;

	private final Semaphore baton = new Semaphore(0);

	private State state = State.RUNNABLE;

	/** Until when (virtual) it waits, or {@link #FOR_EVER}. */
	private long wakeAt = FOR_EVER;

	SimulatedThread(Simulation simulation, @Nullable SimulatedProcess process, String name, Runnable body) {
		this.simulation = simulation;
		this.process = process;
		this.thread = new Thread(null, () -> run(body), name, 512 * 1024);
		this.thread.setDaemon(true);
	}

	/** The simulated thread running the caller, or {@code null} on any other thread. */
	static @Nullable SimulatedThread current() {
		return CURRENT.get();
	}

	void begin() {
		this.thread.start();
	}

	private void run(Runnable body) {
		CURRENT.set(this);
		this.baton.acquireUninterruptibly();
		try {
			if (!this.simulation.isAborted()) {
				body.run();
			}
		}
		catch (Aborted ex) {
			// The run ended while this thread waited.
		}
		catch (Throwable ex) {
			this.simulation.failed(new AssertionError("Simulated thread " + this + " threw", ex));
		}
		finally {
			synchronized (this) {
				this.state = State.ENDED;
			}
			this.simulation.yieldToDriver();
		}
	}

	/** The driver hands this thread the baton. */
	void resume() {
		synchronized (this) {
			this.state = State.RUNNING;
		}
		this.baton.release();
	}

	/**
	 * The running thread waits until {@code until} (virtual), or until woken, and hands
	 * the baton back meanwhile; called on this thread only.
	 */
	void await(long until) {
		if (this.simulation.isAborted()) {
			throw new Aborted();
		}
		synchronized (this) {
			this.state = State.WAITING;
			this.wakeAt = until;
		}
		this.simulation.yieldToDriver();
		this.baton.acquireUninterruptibly();
		if (this.simulation.isAborted()) {
			throw new Aborted();
		}
	}

	/** Makes a waiting thread runnable: it was signalled, or interrupted. */
	synchronized void wake() {
		if (this.state == State.WAITING) {
			this.state = State.RUNNABLE;
		}
	}

	/** Interrupts the thread: its flag is set, and a wait of it ends. */
	void interrupt() {
		this.thread.interrupt();
		wake();
	}

	synchronized boolean mayRunAt(long now) {
		if (this.process != null && this.process.isPausedAt(now)) {
			return false;
		}
		return this.state == State.RUNNABLE
				|| (this.state == State.WAITING && this.wakeAt != FOR_EVER && now - this.wakeAt >= 0);
	}

	/**
	 * The earliest virtual time at which it may run, or {@link Long#MAX_VALUE} when only
	 * a wake can make it.
	 */
	synchronized long nextRunnableAt() {
		long at = switch (this.state) {
			case RUNNABLE -> this.simulation.nanoTime();
			case WAITING -> this.wakeAt;
			default -> FOR_EVER;
		};
		if (at == FOR_EVER || this.process == null) {
			return at;
		}
		long resumes = this.process.pausedUntil();
		return (resumes - at > 0) ? resumes : at;
	}

	synchronized boolean hasEnded() {
		return this.state == State.ENDED;
	}

	@Nullable SimulatedProcess process() {
		return this.process;
	}

	StackTraceElement[] stackTrace() {
		return this.thread.getStackTrace();
	}

	/** The run ended: a waiting thread unwinds (its waits throw {@link Aborted}). */
	void abort() {
		this.baton.release();
	}

	void join(long millis) {
		try {
			this.thread.join(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public String toString() {
		return this.thread.getName();
	}

	/** Thrown in a simulated thread's wait once its run has ended, to unwind it. */
	static final class Aborted extends Error {

		Aborted() {
			super("The simulation ended", null, false, false);
		}

	}

}
