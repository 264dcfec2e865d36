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

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The flash-sale API.
 */
@RestController
@RequestMapping("/api/goods/{goodsId}")
class GoodsController {

	private final GoodsStore store;

	private final PurchaseService purchases;

	GoodsController(GoodsStore store, PurchaseService purchases) {
		this.store = store;
		this.purchases = purchases;
	}

	@PostMapping("/stock")
	Goods setStock(@PathVariable long goodsId, @RequestParam long quantity) {
		if (quantity < 0) {
			throw new IllegalArgumentException("Quantity must not be negative, was " + quantity);
		}
		return this.store.setStock(goodsId, quantity);
	}

	@PostMapping("/purchase")
	ResponseEntity<PurchaseResult> purchase(@PathVariable long goodsId, @RequestParam long userId,
			@RequestParam(defaultValue = "lock") String mode) {
		PurchaseResult result = this.purchases.purchase(goodsId, userId, BuyMode.parse(mode));
		return ResponseEntity.status(result.success() ? 200 : 409).body(result);
	}

	@GetMapping
	Goods goods(@PathVariable long goodsId) {
		return this.store.find(goodsId).orElseThrow(() -> new UnknownGoodsException(goodsId));
	}

}
