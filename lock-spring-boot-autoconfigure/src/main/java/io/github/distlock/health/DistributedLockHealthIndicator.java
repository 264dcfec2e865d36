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

package io.github.distlock.health;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.store.Locker;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The health of distributed locking ({@code distlock} under {@code /actuator/health}): up
 * when the lock store answers and release notices reach this instance (where the store
 * has them), down with the reason otherwise, and how many leases were found lost in the
 * last minutes. A check never waits longer than its timeout: the store is asked on a
 * thread of the indicator's own, and while one question is unanswered the next checks
 * wait for the same answer rather than asking again.
 *
 * @since 0.1.0
 */
public final class DistributedLockHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

	private final Locker locker;

	private final Duration timeout;

	private final RecentLeaseLosses leaseLosses;

	private final ExecutorService pings = Executors.newSingleThreadExecutor(daemonThreads());

	private final AtomicReference<CompletableFuture<Void>> pending = new AtomicReference<>();

	/**
	 * Creates the indicator.
	 * @param locker the lock store
	 * @param timeout longest time a check waits for the store
	 * @param leaseLosses the leases found lost recently
	 */
	public DistributedLockHealthIndicator(Locker locker, Duration timeout, RecentLeaseLosses leaseLosses) {
		super("Distributed lock health check failed");
		this.locker = locker;
		this.timeout = timeout;
		this.leaseLosses = leaseLosses;
	}

	@Override
	@SuppressWarnings("NullAway") // an ExecutionException always carries the failure as
									// its cause
	protected void doHealthCheck(Health.Builder builder) throws Exception {
		builder.up();
		try {
			ping().get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
			builder.withDetail("store", "answers");
		}
		catch (TimeoutException ex) {
			builder.down().withDetail("store", "no answer within " + this.timeout.toMillis() + " ms");
		}
		catch (ExecutionException ex) {
			builder.down(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			builder.down().withDetail("store", "check interrupted");
		}
		if (!this.locker.sendsReleaseNotices()) {
			builder.withDetail("releaseNotices", "none in this lock store: waiters look again every 200 ms");
		}
		else if (this.locker.releaseNoticesActive()) {
			builder.withDetail("releaseNotices", "subscribed");
		}
		else {
			builder.down()
				.withDetail("releaseNotices", "not subscribed: waiters look again every 200 ms instead of "
						+ "being told when a lock is released");
		}
		builder.withDetail("leasesLostInLast5Minutes", this.leaseLosses.count());
	}

	/** The question in flight, or a new one, asked by whichever check claimed it. */
	@SuppressWarnings("NullAway") // a failed compareAndSet means another check has just
									// set a question
	private CompletableFuture<Void> ping() {
		CompletableFuture<Void> current = this.pending.get();
		if (current != null && !current.isDone()) {
			return current;
		}
		CompletableFuture<Void> next = new CompletableFuture<>();
		if (!this.pending.compareAndSet(current, next)) {
			return this.pending.get();
		}
		this.pings.execute(() -> {
			try {
				this.locker.ping();
				next.complete(null);
			}
			catch (Throwable ex) {
				// Whatever went wrong, the checks waiting for this answer must get one.
				next.completeExceptionally(ex);
			}
		});
		return next;
	}

	@Override
	public void destroy() {
		this.pings.shutdownNow();
	}

	private static CustomizableThreadFactory daemonThreads() {
		CustomizableThreadFactory threads = new CustomizableThreadFactory("distlock-health-");
		threads.setDaemon(true);
		return threads;
	}

}
