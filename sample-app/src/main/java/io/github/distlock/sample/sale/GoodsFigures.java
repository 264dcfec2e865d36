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
 * A good as {@code GET /api/goods/{goodsId}} shows it.
 *
 * @param goodsId the good's id
 * @param stock units left
 * @param sold units sold
 * @param initial the stock that was set
 * @param buyers how many distinct users bought it
 */
public record GoodsFigures(long goodsId, long stock, long sold, long initial, long buyers) {

	/** Units sold beyond the stock that was set. */
	public long oversold() {
		return Math.max(0, this.sold - this.initial);
	}

	/**
	 * Whether the units left and the units sold still add up to the stock that was set.
	 */
	public boolean consistent() {
		return this.stock + this.sold == this.initial;
	}

	/** Units sold beyond one per buyer. */
	public long salesBeyondBuyers() {
		return Math.max(0, this.sold - this.buyers);
	}

}
