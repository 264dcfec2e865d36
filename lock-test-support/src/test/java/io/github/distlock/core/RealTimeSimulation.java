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

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.distlock.store.Locker;
import io.github.distlock.store.ReleaseSubscription;

/**
 * Runs a {@link Simulation} in step with the real clock, for callers outside it: the
 * store contract run against the simulated store ({@link SimulatedStoreContractTests}).
 * Each call from outside runs on a simulated thread of its own, and still only one
 * simulated thread runs at a time, so the simulated store needs no more locking here than
 * under the exploration; virtual time follows the real clock instead of jumping to the
 * next wake.
 */
final class RealTimeSimulation implements AutoCloseable {

	/**
	 * How long the driver sleeps when nothing runs and no call arrives: the grain of
	 * virtual time.
	 */
	private static final long GRAIN_MICROS = 500;

	private static final long CALL_TIMEOUT_SECONDS = 30;

	private final Simulation simulation;

	private final long realStart = System.nanoTime();

	private final long virtualStart;

	/** Released by each call from outside, so that the driver runs it at once. */
	private final Semaphore arrivals = new Semaphore(0);

	private final Thread driver;

	private volatile boolean closed;

	RealTimeSimulation(Simulation simulation) {
		this.simulation = simulation;
		this.virtualStart = simulation.nanoTime();
		this.driver = new Thread(this::drive, "real-time-simulation");
		this.driver.setDaemon(true);
		this.driver.start();
	}

	private void drive() {
		while (!this.closed) {
			this.simulation.runUntil(this.virtualStart + (System.nanoTime() - this.realStart), () -> {
			});
			try {
				this.arrivals.tryAcquire(GRAIN_MICROS, TimeUnit.MICROSECONDS);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	/**
	 * Returns {@code simulated}, each of whose calls (and those of the subscriptions it
	 * returns) runs on a simulated thread while the caller waits for its answer.
	 * @param simulated a locker of the simulation
	 * @return the same locker, callable from any thread
	 */
	Locker callableFromOutside(Locker simulated) {
		return proxy(Locker.class, simulated);
	}

	private <T> T proxy(Class<T> type, Object target) {
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getDeclaringClass() == Object.class) {
				return method.invoke(target, args);
			}
			Object answer = call(() -> {
				try {
					return method.invoke(target, args);
				}
				catch (InvocationTargetException ex) {
					if (ex.getCause() instanceof Error error) {
						throw error;
					}
					throw (Exception) ex.getCause();
				}
			});
			return (answer instanceof ReleaseSubscription subscription) ? proxy(ReleaseSubscription.class, subscription)
					: answer;
		};
		return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, handler));
	}

	/**
	 * Runs {@code body} on a simulated thread and returns its answer, or throws what it
	 * threw.
	 * @throws AssertionError when the simulation failed meanwhile, or the body did not
	 * end in time
	 */
	<T> T call(Callable<T> body) throws Exception {
		CompletableFuture<T> answer = new CompletableFuture<>();
		this.simulation.start(null, "call-" + Thread.currentThread().getName(), () -> {
			try {
				answer.complete(body.call());
			}
			catch (Throwable ex) {
				answer.completeExceptionally(ex);
			}
		});
		this.arrivals.release();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CALL_TIMEOUT_SECONDS);
		while (true) {
			List<Throwable> failures = this.simulation.failures();
			if (!failures.isEmpty()) {
				throw new AssertionError("The simulation failed", failures.get(0));
			}
			try {
				return answer.get(10, TimeUnit.MILLISECONDS);
			}
			catch (ExecutionException ex) {
				if (ex.getCause() instanceof Exception cause) {
					throw cause;
				}
				throw (Error) ex.getCause();
			}
			catch (TimeoutException ex) {
				if (System.nanoTime() - deadline > 0) {
					throw new AssertionError("A simulated call took over " + CALL_TIMEOUT_SECONDS + " s", ex);
				}
			}
		}
	}

	@Override
	public void close() {
		this.closed = true;
		this.driver.interrupt();
		try {
			this.driver.join(TimeUnit.SECONDS.toMillis(10));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.simulation.close();
	}

}
