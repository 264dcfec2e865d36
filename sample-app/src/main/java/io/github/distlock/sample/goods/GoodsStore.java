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

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads and writes goods in Redis with plain commands, one at a time, as application code
 * does: a read-modify-write built from these is only safe under a lock.
 */
@Component
public class GoodsStore {

	private final StringRedisTemplate redis;

	private final SeckillProperties properties;

	GoodsStore(StringRedisTemplate redis, SeckillProperties properties) {
		this.redis = redis;
		this.properties = properties;
	}

	/**
	 * Sets the stock, split evenly over the configured number of segments, and forgets
	 * buyers and sales.
	 */
	public Goods setStock(long goodsId, long quantity) {
		GoodsKeys keys = new GoodsKeys(goodsId);
		int segments = this.properties.getSegments();
		this.redis.delete(List.of(keys.buyers(), keys.sold()));
		for (int i = 0; i < segments; i++) {
			long share = quantity / segments + ((i < quantity % segments) ? 1 : 0);
			this.redis.opsForValue().set(keys.segment(i), String.valueOf(share));
		}
		this.redis.opsForValue().set(keys.segmentCount(), String.valueOf(segments));
		this.redis.opsForValue().set(keys.sold(), "0");
		this.redis.opsForValue().set(keys.initial(), String.valueOf(quantity));
		return find(goodsId).orElseThrow();
	}

	public Optional<Goods> find(long goodsId) {
		GoodsKeys keys = new GoodsKeys(goodsId);
		String initial = this.redis.opsForValue().get(keys.initial());
		if (initial == null) {
			return Optional.empty();
		}
		List<Long> stocks = segmentStocks(goodsId);
		Long buyers = this.redis.opsForSet().size(keys.buyers());
		return Optional.of(new Goods(goodsId, stocks.stream().mapToLong(Long::longValue).sum(),
				parse(this.redis.opsForValue().get(keys.sold())), Long.parseLong(initial),
				(buyers != null) ? buyers : 0, stocks.size()));
	}

	public boolean exists(long goodsId) {
		return Boolean.TRUE.equals(this.redis.hasKey(new GoodsKeys(goodsId).initial()));
	}

	/** The stock of every segment, in segment order. */
	List<Long> segmentStocks(long goodsId) {
		GoodsKeys keys = new GoodsKeys(goodsId);
		int count = (int) parse(this.redis.opsForValue().get(keys.segmentCount()));
		List<String> values = this.redis.opsForValue().multiGet(keys.segments(count));
		List<Long> stocks = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			stocks.add(parse((values != null) ? values.get(i) : null));
		}
		return stocks;
	}

	long segmentStock(long goodsId, int segment) {
		return parse(this.redis.opsForValue().get(new GoodsKeys(goodsId).segment(segment)));
	}

	void writeSegmentStock(long goodsId, int segment, long stock) {
		this.redis.opsForValue().set(new GoodsKeys(goodsId).segment(segment), String.valueOf(stock));
	}

	boolean hasBought(long goodsId, long userId) {
		return Boolean.TRUE
			.equals(this.redis.opsForSet().isMember(new GoodsKeys(goodsId).buyers(), String.valueOf(userId)));
	}

	/** Records the user as a buyer; returns {@code false} when they were one already. */
	boolean claimBuyer(long goodsId, long userId) {
		Long added = this.redis.opsForSet().add(new GoodsKeys(goodsId).buyers(), String.valueOf(userId));
		return added != null && added == 1;
	}

	void forgetBuyer(long goodsId, long userId) {
		this.redis.opsForSet().remove(new GoodsKeys(goodsId).buyers(), String.valueOf(userId));
	}

	void countSale(long goodsId) {
		this.redis.opsForValue().increment(new GoodsKeys(goodsId).sold());
	}

	private static long parse(@Nullable String value) {
		return (value != null) ? Long.parseLong(value) : 0;
	}

}
