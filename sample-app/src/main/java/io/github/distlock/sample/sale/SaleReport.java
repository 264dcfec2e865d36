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

/**
 * How a flash sale went: what the load saw, and the good as the app showed it at the end.
 *
 * @param plan the sale
 * @param progress the load's counts and latencies at the end
 * @param goods the good after the last purchase was answered
 */
public record SaleReport(SalePlan plan, SaleProgress progress, GoodsFigures goods) {

	/** Whether every buyer's purchase was answered before the deadline. */
	public boolean completed() {
		return this.progress.done() == this.plan.buyers();
	}

	/** Units sold, as the app counts them. */
	public long sold() {
		return this.goods.sold();
	}

	/** Units left, as the app counts them. */
	public long stockLeft() {
		return this.goods.stock();
	}

	/** The stock that was set. */
	public long initial() {
		return this.goods.initial();
	}

	/** Units sold beyond the stock that was set: {@code max(0, sold - initial)}. */
	public long oversold() {
		return this.goods.oversold();
	}

	/** Whether {@code stock + sold == initial} held at the end. */
	public boolean consistent() {
		return this.goods.consistent();
	}

	/**
	 * Units bought by a user who had bought already: successes beyond one per user as the
	 * load saw them, plus units the app counts as sold beyond its distinct buyers.
	 */
	public long duplicateBuyers() {
		return this.progress.repeatedSuccesses() + this.goods.salesBeyondBuyers();
	}

	/**
	 * Purchases answered with anything but a success or a known refusal, or not at all.
	 */
	public long errors() {
		return this.progress.errors();
	}

	/**
	 * Whether the sale kept every promise: all answered, no error, not oversold,
	 * consistent, no duplicates.
	 */
	public boolean correct() {
		return completed() && errors() == 0 && oversold() == 0 && consistent() && duplicateBuyers() == 0;
	}

}
