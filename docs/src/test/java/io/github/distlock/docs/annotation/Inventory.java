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

package io.github.distlock.docs.annotation;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockAssert;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.WhenBusy;

/**
 * The annotation page's examples: one bean, one method per attribute shown.
 */
public class Inventory {

	static volatile CountDownLatch entered = new CountDownLatch(0);

	static volatile CountDownLatch leave = new CountDownLatch(0);

	// tag::key[]
	@DistributedLock(name = "goods", key = "#order.goodsId", waitMs = 200)
	public String reserve(Order order) {
		// end::key[]
		pause();
		// tag::key[]
		return "reserved " + order.getGoodsId();
	}
	// end::key[]

	// tag::fallback[]
	@DistributedLock(name = "goods", key = "#goodsId", waitMs = 0, fallback = "countLater")
	public String count(long goodsId) {
		return "counted " + goodsId;
	}

	public String countLater(long goodsId, LockNotAcquiredException ex) {
		return "busy, counted later: " + goodsId;
	}
	// end::fallback[]

	// tag::skip[]
	@DistributedLock(name = "goods", key = "#goodsId", waitMs = 0, whenBusy = WhenBusy.SKIP)
	public Optional<String> refresh(long goodsId) {
		return Optional.of("refreshed " + goodsId);
	}
	// end::skip[]

	// tag::multi[]
	@DistributedLock(name = "goods", key = "#goodsIds")
	public void move(List<Long> goodsIds) {
		goodsIds.forEach((goodsId) -> LockAssert.assertLocked("goods:" + goodsId));
		// end::multi[]
		pause();
		// tag::multi[]
	}
	// end::multi[]

	// tag::assert[]
	public void restock(long goodsId) {
		LockAssert.assertLocked("goods:" + goodsId);
		// ...
	}
	// end::assert[]

	private void pause() {
		CountDownLatch until = leave;
		entered.countDown();
		try {
			until.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * An order, whose property a key reads.
	 */
	public static final class Order {

		private final long goodsId;

		public Order(long goodsId) {
			this.goodsId = goodsId;
		}

		public long getGoodsId() {
			return this.goodsId;
		}

	}

}
