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

import java.util.function.LongFunction;

import org.jspecify.annotations.Nullable;

/**
 * One sale started through the API: its engine, and how it ended once it has.
 */
final class Sale {

	private final String id;

	private final FlashSale engine;

	private volatile SaleState state = SaleState.RUNNING;

	private volatile @Nullable SaleReport report;

	private volatile @Nullable String failure;

	Sale(String id, FlashSale engine) {
		this.id = id;
		this.engine = engine;
	}

	String id() {
		return this.id;
	}

	SalePlan plan() {
		return this.engine.plan();
	}

	SaleState state() {
		return this.state;
	}

	/**
	 * Runs the sale to its end, in the calling thread; {@link #end()} then publishes how
	 * it went.
	 */
	void run() throws Exception {
		try {
			SaleReport report = this.engine.run();
			if (!report.completed()) {
				this.failure = "The deadline of " + plan().deadline().toSeconds() + " s passed with "
						+ report.progress().done() + " of " + plan().buyers() + " purchases answered";
			}
			this.report = report;
		}
		catch (Exception ex) {
			this.failure = (ex.getMessage() != null) ? ex.getMessage() : ex.toString();
			throw ex;
		}
	}

	/**
	 * Publishes how the sale went: done when every purchase was answered and the good
	 * read back.
	 */
	void end() {
		@Nullable SaleReport report = this.report;
		this.state = (report != null && report.completed()) ? SaleState.DONE : SaleState.FAILED;
	}

	/**
	 * The sale as the API shows it.
	 * @param liveGoods reads the good as it is now, for a sale that has not read it back
	 * at its end
	 */
	SaleStatus status(LongFunction<@Nullable GoodsFigures> liveGoods) {
		SaleState state = this.state;
		@Nullable SaleReport report = this.report;
		if (report != null) {
			return SaleStatus.of(this.id, plan(), state, report.progress(), report.goods(), this.failure);
		}
		SaleProgress progress = this.engine.progress();
		// until the first purchase is sent the stock may not be set yet: show the plan,
		// not an earlier sale
		@Nullable GoodsFigures goods = progress.elapsed().isZero() ? null : liveGoods.apply(plan().goodsId());
		return SaleStatus.of(this.id, plan(), state, progress, goods, this.failure);
	}

}
