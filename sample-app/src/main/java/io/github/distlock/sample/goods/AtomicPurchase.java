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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * The purchase as one Lua script with no lock: the reference for what a lock costs.
 */
@Component
@ImportRuntimeHints(PurchaseScriptRuntimeHints.class)
class AtomicPurchase {

	static final String SCRIPT = "purchase.lua";

	private static final RedisScript<String> PURCHASE = RedisScript.of(source(), String.class);

	private final StringRedisTemplate redis;

	private final GoodsStore store;

	AtomicPurchase(StringRedisTemplate redis, GoodsStore store) {
		this.redis = redis;
		this.store = store;
	}

	PurchaseResult purchase(long goodsId, long userId) {
		GoodsKeys keys = new GoodsKeys(goodsId);
		List<String> scriptKeys = new ArrayList<>(List.of(keys.buyers(), keys.sold()));
		scriptKeys.addAll(keys.segments(this.store.segmentStocks(goodsId).size()));
		String outcome = this.redis.execute(PURCHASE, scriptKeys, String.valueOf(userId));
		return "OK".equals(outcome) ? PurchaseResult.bought(goodsId, userId, BuyMode.ATOMIC)
				: PurchaseResult.refused(outcome, goodsId, userId, BuyMode.ATOMIC);
	}

	private static String source() {
		try {
			return new ClassPathResource(SCRIPT, AtomicPurchase.class).getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
