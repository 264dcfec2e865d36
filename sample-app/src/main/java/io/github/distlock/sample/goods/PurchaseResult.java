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

package io.github.distlock.sample.goods;

import org.jspecify.annotations.Nullable;

/**
 * The outcome of one purchase.
 *
 * @param success whether the user bought one unit
 * @param reason why not ({@code SOLD_OUT}, {@code ALREADY_BOUGHT}, {@code BUSY}), or
 * {@code null}
 * @param goodsId the good
 * @param userId the buyer
 * @param mode how it was bought
 */
public record PurchaseResult(boolean success, @Nullable String reason, long goodsId, long userId, String mode) {

	static PurchaseResult bought(long goodsId, long userId, BuyMode mode) {
		return new PurchaseResult(true, null, goodsId, userId, mode.toString());
	}

	static PurchaseResult refused(String reason, long goodsId, long userId, BuyMode mode) {
		return new PurchaseResult(false, reason, goodsId, userId, mode.toString());
	}

}
