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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.NestedExceptionUtils;

/**
 * Gets Redis stores ready at start-up, so that the first lock is as fast as the tenth,
 * best effort: each store's preparation (connect, load the scripts, open the
 * release-notice connection) runs on a daemon thread of its own, all at once, and
 * start-up waits for them a short while at most. A store that failed, or is not ready by
 * then, is warned of by name and start-up goes on: its preparation goes on in the
 * background, and lock calls connect when they come and fail within their timeouts while
 * it is away.
 */
final class StoreWarmUp {

	private static final Log logger = LogFactory.getLog(StoreWarmUp.class);

	private StoreWarmUp() {
	}

	/**
	 * Runs every store's preparation and waits for them all, at most {@code bound} in
	 * total.
	 * @param preparations each store's preparation, by the store's name for messages
	 * @param bound how long start-up waits
	 */
	@SuppressWarnings("NullAway") // an ExecutionException always carries the failure as
									// its cause
	static void await(Map<String, Runnable> preparations, Duration bound) {
		Map<String, CompletableFuture<Void>> running = new LinkedHashMap<>();
		preparations.forEach((store, preparation) -> running.put(store, start(preparation)));
		long deadline = System.nanoTime() + bound.toNanos();
		for (Map.Entry<String, CompletableFuture<Void>> store : running.entrySet()) {
			try {
				store.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
			catch (ExecutionException ex) {
				Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex.getCause());
				logger.warn("Could not prepare the lock store " + store.getKey() + " at start-up (" + cause
						+ "); locks are taken once it answers, and lock calls fail within their timeouts until then");
			}
			catch (TimeoutException ex) {
				logger.warn("The lock store " + store.getKey() + " was not ready " + bound.toMillis()
						+ " ms into start-up; start-up goes on, and the first lock calls may wait for its connection");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private static CompletableFuture<Void> start(Runnable preparation) {
		CompletableFuture<Void> done = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				preparation.run();
				done.complete(null);
			}
			catch (RuntimeException ex) {
				done.completeExceptionally(ex);
			}
		}, "distlock-warm-up");
		thread.setDaemon(true);
		thread.start();
		return done;
	}

}
