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

package io.github.distlock.sample.sale;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * One flash sale against running instances of the app: sets the stock through the first
 * base URL, sends one purchase for each of the users {@code 1..buyers}, round-robin over
 * the base URLs, with at most {@code concurrency} in flight, then reads the good back and
 * reports. Each request is bounded by the plan's request timeout and the whole sale by
 * its deadline.
 *
 * <p>
 * {@link #progress()} may be read from any thread while {@link #run()} runs. A sale runs
 * once.
 *
 * <pre class="code">
 * FlashSale sale = new FlashSale(plan, FlashSale.newHttpClient(), JsonMapper.builder().build());
 * SaleReport report = sale.run();
 * </pre>
 */
public final class FlashSale {

	private static final long NOT_YET = Long.MIN_VALUE;

	private final SalePlan plan;

	private final GoodsApiClient api;

	private final SaleCounters counters = new SaleCounters();

	private final AtomicBoolean started = new AtomicBoolean();

	private final AtomicLong firstSentNanos = new AtomicLong(NOT_YET);

	private final AtomicLong endNanos = new AtomicLong(NOT_YET);

	/**
	 * Prepares a sale.
	 * @param plan what to do
	 * @param http the client to send with; one may serve many sales
	 * @param json reads the app's answers
	 */
	public FlashSale(SalePlan plan, HttpClient http, JsonMapper json) {
		this.plan = plan;
		this.api = new GoodsApiClient(http, json, plan.requestTimeout());
	}

	/** An HTTP/1.1 client suitable for sales, with a bounded connect time. */
	public static HttpClient newHttpClient() {
		return HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(5))
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	public SalePlan plan() {
		return this.plan;
	}

	/** How far the sale has got; all zeros before it starts. */
	public SaleProgress progress() {
		return this.counters.snapshot(this.plan.buyers(), elapsed());
	}

	/**
	 * Runs the sale and reports. Returns early, with fewer purchases done than buyers,
	 * when the deadline passes.
	 * @throws IOException if the stock cannot be set or the good read back
	 * @throws UnexpectedAnswerException if the app answers either with an error
	 * @throws InterruptedException if the calling thread is interrupted
	 */
	public SaleReport run() throws IOException, InterruptedException {
		if (!this.started.compareAndSet(false, true)) {
			throw new IllegalStateException("A flash sale runs once; create another one for the next run");
		}
		long deadline = System.nanoTime() + this.plan.deadline().toNanos();
		URI first = this.plan.baseUrls().get(0);
		this.api.setStock(first, this.plan.goodsId(), this.plan.stock());
		this.firstSentNanos.set(System.nanoTime());
		sendAll(deadline);
		this.endNanos.set(System.nanoTime());
		SaleProgress progress = progress();
		return new SaleReport(this.plan, progress, this.api.goods(first, this.plan.goodsId()));
	}

	private void sendAll(long deadline) throws InterruptedException {
		Semaphore inFlight = new Semaphore(this.plan.concurrency());
		for (long userId = 1; userId <= this.plan.buyers(); userId++) {
			if (!inFlight.tryAcquire(remaining(deadline), TimeUnit.NANOSECONDS)) {
				return;
			}
			send(userId, inFlight);
		}
		inFlight.tryAcquire(this.plan.concurrency(), remaining(deadline), TimeUnit.NANOSECONDS);
	}

	private void send(long userId, Semaphore inFlight) {
		long sent = System.nanoTime();
		CompletableFuture<PurchaseOutcome> purchase;
		try {
			purchase = this.api.purchase(this.plan.baseUrlFor(userId), this.plan.goodsId(), userId, this.plan.mode());
		}
		catch (RuntimeException ex) {
			purchase = CompletableFuture.failedFuture(ex);
		}
		purchase.whenComplete((outcome, failure) -> {
			try {
				Duration latency = Duration.ofNanos(System.nanoTime() - sent);
				if (failure != null || outcome == null) {
					this.counters.recordError(userId, describe(failure), latency);
				}
				else {
					this.counters.record(userId, outcome, latency);
				}
			}
			finally {
				inFlight.release();
			}
		});
	}

	private Duration elapsed() {
		long start = this.firstSentNanos.get();
		if (start == NOT_YET) {
			return Duration.ZERO;
		}
		long end = this.endNanos.get();
		return Duration.ofNanos(((end != NOT_YET) ? end : System.nanoTime()) - start);
	}

	private static long remaining(long deadline) {
		return Math.max(0, deadline - System.nanoTime());
	}

	private static String describe(@Nullable Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause == null) {
			return "no answer";
		}
		return (cause.getMessage() != null) ? cause.getClass().getSimpleName() + ": " + cause.getMessage()
				: cause.getClass().getSimpleName();
	}

}
