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
