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

import org.jspecify.annotations.Nullable;

/**
 * A sale as {@code /api/sales} shows it: the load's counts, and the good's figures (live
 * while it runs, as read back at the end once done).
 *
 * @param saleId the sale's id
 * @param mode the buy mode, lower case
 * @param state whether it runs, is done, or failed
 * @param buyers how many purchases it sends in all
 * @param done purchases answered (or failed) so far
 * @param succeeded purchases that bought a unit
 * @param soldOut purchases refused because the stock was gone
 * @param alreadyBought purchases refused because the user had bought already
 * @param busy purchases refused because the lock stayed busy for the whole wait
 * @param errors purchases answered with anything else, or not at all
 * @param elapsedMs time since the first purchase was sent, in milliseconds
 * @param throughputPerSecond purchases answered per second
 * @param p50Ms median purchase latency, in milliseconds
 * @param p99Ms 99th percentile purchase latency, in milliseconds
 * @param initial the stock that was set
 * @param sold units sold
 * @param stockLeft units left
 * @param oversold units sold beyond the stock that was set
 * @param duplicateBuyers units bought by a user who had bought already
 * @param failure why the sale failed, or {@code null}
 */
public record SaleStatus(String saleId, String mode, SaleState state, int buyers, long done, long succeeded,
		long soldOut, long alreadyBought, long busy, long errors, long elapsedMs, double throughputPerSecond,
		double p50Ms, double p99Ms, long initial, long sold, long stockLeft, long oversold, long duplicateBuyers,
		@Nullable String failure) {

	/**
	 * The status of a sale.
	 * @param goods the good's figures, or {@code null} to show the plan's stock, none of
	 * it sold
	 */
	static SaleStatus of(String saleId, SalePlan plan, SaleState state, SaleProgress progress,
			@Nullable GoodsFigures goods, @Nullable String failure) {
		GoodsFigures figures = (goods != null) ? goods
				: new GoodsFigures(plan.goodsId(), plan.stock(), 0, plan.stock(), 0);
		return new SaleStatus(saleId, plan.mode().toString(), state, plan.buyers(), progress.done(),
				progress.succeeded(), progress.soldOut(), progress.alreadyBought(), progress.busy(), progress.errors(),
				progress.elapsed().toMillis(), round(progress.throughputPerSecond(), 10), round(progress.p50Ms(), 100),
				round(progress.p99Ms(), 100), figures.initial(), figures.sold(), figures.stock(), figures.oversold(),
				progress.repeatedSuccesses() + figures.salesBeyondBuyers(), failure);
	}

	private static double round(double value, int scale) {
		return Math.round(value * scale) / (double) scale;
	}

}
