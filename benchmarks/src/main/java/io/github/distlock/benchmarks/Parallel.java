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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Runs an action for every index of a range on a few threads, each thread taking every
 * n-th index.
 */
final class Parallel {

	private Parallel() {
	}

	/**
	 * Runs the action for {@code 0 .. count - 1} and waits for all of it.
	 * @param count how many indexes
	 * @param threads how many threads
	 * @param action what to do for one index
	 * @return how long it took, in nanoseconds
	 * @throws IllegalStateException with the first failure of the action as its cause
	 */
	static long forEach(int count, int threads, IntConsumer action) {
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			List<Callable<Void>> slices = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int first = t;
				slices.add(() -> {
					for (int i = first; i < count; i += threads) {
						action.accept(i);
					}
					return null;
				});
			}
			long start = System.nanoTime();
			for (Future<Void> slice : executor.invokeAll(slices)) {
				slice.get();
			}
			return System.nanoTime() - start;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running on " + threads + " threads", ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("An action failed on one of " + threads + " threads", ex.getCause());
		}
		finally {
			executor.shutdownNow();
		}
	}

}
