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

import org.springframework.stereotype.Service;

/**
 * Buys one unit of a good in the chosen mode.
 */
@Service
public class PurchaseService {

	private final GoodsStore store;

	private final LockedPurchase locked;

	private final SegmentedPurchase segmented;

	private final AtomicPurchase atomic;

	private final ClassicPurchase classic;

	PurchaseService(GoodsStore store, LockedPurchase locked, SegmentedPurchase segmented, AtomicPurchase atomic,
			ClassicPurchase classic) {
		this.store = store;
		this.locked = locked;
		this.segmented = segmented;
		this.atomic = atomic;
		this.classic = classic;
	}

	/**
	 * Buys one unit.
	 * @throws UnknownGoodsException if the good's stock was never set
	 */
	public PurchaseResult purchase(long goodsId, long userId, BuyMode mode) {
		if (!this.store.exists(goodsId)) {
			throw new UnknownGoodsException(goodsId);
		}
		return switch (mode) {
			case LOCK -> this.locked.purchase(goodsId, userId);
			case SEGMENTED -> this.segmented.purchase(goodsId, userId);
			case ATOMIC -> this.atomic.purchase(goodsId, userId);
			case UNSAFE -> this.classic.readModifyWrite(goodsId, userId, BuyMode.UNSAFE);
		};
	}

}
