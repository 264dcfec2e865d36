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

import io.github.distlock.DistributedLock;
import io.github.distlock.LockNotAcquiredException;

import org.springframework.stereotype.Component;

/**
 * The classic purchase under one distributed lock per good, waiting up to 5 s for it: a
 * flash sale with more buyers than stock sells out.
 */
@Component
class LockedPurchase {

	private final ClassicPurchase classic;

	LockedPurchase(ClassicPurchase classic) {
		this.classic = classic;
	}

	@DistributedLock(name = "goods", key = "#goodsId", waitMs = 5000, fallback = "busy")
	public PurchaseResult purchase(long goodsId, long userId) {
		return this.classic.readModifyWrite(goodsId, userId, BuyMode.LOCK);
	}

	PurchaseResult busy(long goodsId, long userId, LockNotAcquiredException ex) {
		return PurchaseResult.refused("BUSY", goodsId, userId, BuyMode.LOCK);
	}

}
