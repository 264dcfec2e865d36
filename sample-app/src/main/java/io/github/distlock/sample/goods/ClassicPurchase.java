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

import java.util.List;

import org.springframework.stereotype.Component;

/**
 * The purchase as it is written in the field: read the stock, check it, write it back
 * decremented, record the order and the buyer. Correct only when one caller runs it at a
 * time.
 */
@Component
class ClassicPurchase {

	private final GoodsStore store;

	ClassicPurchase(GoodsStore store) {
		this.store = store;
	}

	PurchaseResult readModifyWrite(long goodsId, long userId, BuyMode mode) {
		if (this.store.hasBought(goodsId, userId)) {
			return PurchaseResult.refused("ALREADY_BOUGHT", goodsId, userId, mode);
		}
		int segment = firstWithStock(this.store.segmentStocks(goodsId));
		if (segment < 0) {
			return PurchaseResult.refused("SOLD_OUT", goodsId, userId, mode);
		}
		long stock = this.store.segmentStock(goodsId, segment);
		this.store.writeSegmentStock(goodsId, segment, stock - 1);
		this.store.countSale(goodsId);
		this.store.claimBuyer(goodsId, userId);
		return PurchaseResult.bought(goodsId, userId, mode);
	}

	private static int firstWithStock(List<Long> stocks) {
		for (int i = 0; i < stocks.size(); i++) {
			if (stocks.get(i) > 0) {
				return i;
			}
		}
		return -1;
	}

}
