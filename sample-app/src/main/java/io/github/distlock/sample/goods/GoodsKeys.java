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
import java.util.stream.IntStream;

/**
 * Where a good lives in Redis. All its keys share one hash tag, so one Lua script may
 * touch them all on a cluster: {@code seckill:{goods:42}:initial}, {@code ...:sold},
 * {@code ...:buyers}, {@code ...:segment:0} and so on.
 */
record GoodsKeys(long goodsId) {

	private String base() {
		return "seckill:{goods:" + this.goodsId + "}";
	}

	String initial() {
		return base() + ":initial";
	}

	String sold() {
		return base() + ":sold";
	}

	String buyers() {
		return base() + ":buyers";
	}

	String segmentCount() {
		return base() + ":segments";
	}

	String segment(int index) {
		return base() + ":segment:" + index;
	}

	List<String> segments(int count) {
		return IntStream.range(0, count).mapToObj(this::segment).toList();
	}

}
