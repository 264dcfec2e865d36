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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

import org.springframework.stereotype.Component;

/**
 * The segmented-lock design for hot goods: the stock is split into segments, each with
 * its own lock, and a buyer takes any free segment that still has stock. The buyer is
 * claimed first (an atomic set add), so one user cannot buy twice through two segments.
 */
@Component
class SegmentedPurchase {

	private static final Duration LEASE = Duration.ofSeconds(5);

	private final GoodsStore store;

	private final LockTemplate lockTemplate;

	private final SeckillProperties properties;

	SegmentedPurchase(GoodsStore store, LockTemplate lockTemplate, SeckillProperties properties) {
		this.store = store;
		this.lockTemplate = lockTemplate;
		this.properties = properties;
	}

	PurchaseResult purchase(long goodsId, long userId) {
		if (!this.store.claimBuyer(goodsId, userId)) {
			return PurchaseResult.refused("ALREADY_BOUGHT", goodsId, userId, BuyMode.SEGMENTED);
		}
		long deadline = System.nanoTime() + this.properties.getSegmentWait().toNanos();
		String outcome = "BUSY";
		while (System.nanoTime() < deadline) {
			List<Integer> candidates = segmentsWithStock(goodsId);
			if (candidates.isEmpty()) {
				outcome = "SOLD_OUT";
				break;
			}
			if (buyFromAny(goodsId, candidates, Duration.ofNanos(deadline - System.nanoTime()))) {
				this.store.countSale(goodsId);
				return PurchaseResult.bought(goodsId, userId, BuyMode.SEGMENTED);
			}
		}
		this.store.forgetBuyer(goodsId, userId);
		return PurchaseResult.refused(outcome, goodsId, userId, BuyMode.SEGMENTED);
	}

	/** Tries every candidate segment once, then waits for a random one of them. */
	private boolean buyFromAny(long goodsId, List<Integer> candidates, Duration wait) {
		int start = ThreadLocalRandom.current().nextInt(candidates.size());
		for (int i = 0; i < candidates.size(); i++) {
			if (buyFrom(goodsId, candidates.get((start + i) % candidates.size()), Duration.ZERO)) {
				return true;
			}
		}
		return buyFrom(goodsId, candidates.get(start), wait);
	}

	private boolean buyFrom(long goodsId, int segment, Duration wait) {
		Optional<LockHandle> lock = this.lockTemplate.tryAcquire("goods:" + goodsId + ":segment:" + segment, LEASE,
				wait);
		if (lock.isEmpty()) {
			return false;
		}
		try (LockHandle handle = lock.get()) {
			long stock = this.store.segmentStock(goodsId, segment);
			if (stock <= 0) {
				return false;
			}
			this.store.writeSegmentStock(goodsId, segment, stock - 1);
			return true;
		}
	}

	private List<Integer> segmentsWithStock(long goodsId) {
		List<Long> stocks = this.store.segmentStocks(goodsId);
		List<Integer> candidates = new ArrayList<>();
		for (int i = 0; i < stocks.size(); i++) {
			if (stocks.get(i) > 0) {
				candidates.add(i);
			}
		}
		return candidates;
	}

}
