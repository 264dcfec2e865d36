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

package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

import io.github.distlock.benchmarks.HandoffTimer.Handoffs;

/**
 * Runs worker threads through a workload: a warm-up, then a measured window, then a stop.
 * Phases follow the wall clock, so runs in several JVMs on one machine can share a
 * window. Each thread counts its own cycles; the harness only reads the counts at the
 * window's edges.
 */
final class LoadRun {

	/**
	 * How long stopping threads may take beyond a contender's wait before they count as
	 * hung.
	 */
	private static final Duration STOP_GRACE = Contender.WAIT.plusSeconds(30);

	private final String name;

	private final Worker[] workers;

	private final HandoffTimer handoff;

	private final CountDownLatch go = new CountDownLatch(1);

	private final AtomicReference<Throwable> firstError = new AtomicReference<>();

	private volatile boolean running = true;

	/**
	 * Prepares a run.
	 * @param name names the worker threads
	 * @param threads the number of worker threads
	 * @param sessions the lock session of each worker, by worker index
	 * @param workload what each worker does per cycle
	 * @param handoff the hand-off timer the workload records into, or {@code null}
	 */
	LoadRun(String name, int threads, IntFunction<LockSession> sessions, Workload workload, HandoffTimer handoff) {
		this.name = name;
		this.handoff = handoff;
		this.workers = new Worker[threads];
		for (int i = 0; i < threads; i++) {
			this.workers[i] = new Worker(sessions.apply(i), workload);
		}
	}

	/**
	 * Runs the threads and waits for them to stop.
	 * @param startAtMillis wall-clock time at which the warm-up starts
	 * @param warmup how long to run before measuring
	 * @param window how long to measure
	 * @return the figures of the measured window
	 */
	LoadResult run(long startAtMillis, Duration warmup, Duration window) {
		Thread[] threads = new Thread[this.workers.length];
		for (int i = 0; i < threads.length; i++) {
			threads[i] = new Thread(this.workers[i], this.name + "-" + i);
			threads[i].setDaemon(true);
			threads[i].start();
		}
		long windowStart = startAtMillis + warmup.toMillis();
		sleepUntil(startAtMillis);
		this.go.countDown();
		sleepUntil(windowStart);
		long[] before = cycles();
		if (this.handoff != null) {
			this.handoff.interval();
		}
		long windowStartNanos = System.nanoTime();
		long cpuAtStart = ProcessCpu.nanos();
		sleepUntil(windowStart + window.toMillis());
		long[] after = cycles();
		long cpuNanos = ProcessCpu.nanos() - cpuAtStart;
		long windowNanos = System.nanoTime() - windowStartNanos;
		Handoffs handoffs = (this.handoff != null) ? this.handoff.interval() : null;
		this.running = false;
		String hang = join(threads);
		long windowCycles = 0;
		long fewest = Long.MAX_VALUE;
		long most = 0;
		for (int i = 0; i < after.length; i++) {
			long done = after[i] - before[i];
			windowCycles += done;
			fewest = Math.min(fewest, done);
			most = Math.max(most, done);
		}
		long total = 0;
		long timeouts = 0;
		long errors = 0;
		for (Worker worker : this.workers) {
			total += worker.cycles.get();
			timeouts += worker.timeouts.get();
			errors += worker.errors.get();
		}
		return new LoadResult(windowCycles, windowNanos, cpuNanos, fewest, most, total, timeouts, errors,
				this.firstError.get(), handoffs, hang);
	}

	private long[] cycles() {
		long[] cycles = new long[this.workers.length];
		for (int i = 0; i < cycles.length; i++) {
			cycles[i] = this.workers[i].cycles.get();
		}
		return cycles;
	}

	private String join(Thread[] threads) {
		long deadline = System.nanoTime() + STOP_GRACE.toNanos();
		try {
			for (Thread thread : threads) {
				long left = deadline - System.nanoTime();
				if (left > 0) {
					thread.join(Math.max(1, left / 1_000_000));
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		for (Thread thread : threads) {
			if (thread.isAlive()) {
				String dump = ThreadDumps.all();
				for (Thread hung : threads) {
					hung.interrupt();
				}
				return dump;
			}
		}
		return null;
	}

	/**
	 * Sleeps until the given wall-clock time.
	 * @param epochMillis the time to wake at
	 * @throws IllegalStateException when interrupted, with the interrupt flag set
	 */
	static void sleepUntil(long epochMillis) {
		long left;
		while ((left = epochMillis - System.currentTimeMillis()) > 0) {
			try {
				Thread.sleep(left);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted during a load run", ex);
			}
		}
	}

	/** One worker thread: cycles until the run stops, counting what it did. */
	private final class Worker implements Runnable {

		private final LockSession session;

		private final Workload workload;

		private final AtomicLong cycles = new AtomicLong();

		private final AtomicLong timeouts = new AtomicLong();

		private final AtomicLong errors = new AtomicLong();

		Worker(LockSession session, Workload workload) {
			this.session = session;
			this.workload = workload;
		}

		@Override
		public void run() {
			try {
				LoadRun.this.go.await();
			}
			catch (InterruptedException ex) {
				return;
			}
			long cycles = 0;
			while (LoadRun.this.running) {
				try {
					if (this.workload.cycle(this.session)) {
						this.cycles.lazySet(++cycles);
					}
					else {
						this.timeouts.incrementAndGet();
					}
				}
				catch (RuntimeException ex) {
					this.errors.incrementAndGet();
					LoadRun.this.firstError.compareAndSet(null, ex);
					if (Thread.currentThread().isInterrupted()) {
						return;
					}
				}
			}
		}

	}

}
