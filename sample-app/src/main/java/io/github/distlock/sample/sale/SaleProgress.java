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

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * How far a flash sale has got: a snapshot, readable while it runs.
 *
 * @param buyers how many purchases the sale sends in all
 * @param done purchases answered (or failed) so far
 * @param succeeded purchases that bought a unit
 * @param soldOut purchases refused because the stock was gone
 * @param alreadyBought purchases refused because the user had bought already
 * @param busy purchases refused because the lock stayed busy for the whole wait
 * @param errors purchases answered with anything else, or not at all
 * @param distinctBuyers users among the successes, each counted once
 * @param elapsed time since the first purchase was sent (until the last was answered,
 * once done)
 * @param p50Ms median latency of a purchase, in milliseconds
 * @param p99Ms 99th percentile latency of a purchase, in milliseconds
 * @param lastError what the latest error was, or {@code null} when there was none
 */
public record SaleProgress(int buyers, long done, long succeeded, long soldOut, long alreadyBought, long busy,
		long errors, long distinctBuyers, Duration elapsed, double p50Ms, double p99Ms, @Nullable String lastError) {

	/** Purchases answered per second since the first was sent. */
	public double throughputPerSecond() {
		double seconds = this.elapsed.toNanos() / 1e9;
		return (seconds > 0) ? this.done / seconds : 0;
	}

	/** Successes beyond the first of each user, as the load saw them. */
	public long repeatedSuccesses() {
		return this.succeeded - this.distinctBuyers;
	}

}
