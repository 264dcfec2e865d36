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

package io.github.distlock.docs.gettingstarted;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;

import org.springframework.stereotype.Service;

/**
 * The getting-started page's first locked method.
 */
// tag::service[]
@Service
public class OrderService {

	private final Stock stock;

	public OrderService(Stock stock) {
		this.stock = stock;
	}

	@DistributedLock(key = "#goodsId", leaseMs = 5000)
	public long purchase(long goodsId, long userId) {
		long token = LockContext.current().orElseThrow().fencingToken();
		this.stock.decrement(goodsId, token);
		return token;
	}

}
// end::service[]

/**
 * What the page's service writes to; a test can make it wait inside the lock.
 */
class Stock {

	volatile CountDownLatch entered = new CountDownLatch(0);

	volatile CountDownLatch leave = new CountDownLatch(0);

	void decrement(long goodsId, long fencingToken) {
		CountDownLatch until = this.leave;
		this.entered.countDown();
		try {
			until.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
