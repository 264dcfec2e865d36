package io.github.distlock.docs.testing;

import io.github.distlock.DistributedLock;

import org.springframework.stereotype.Service;

/**
 * The service the testing page tests.
 */
@Service
public class Goods {

	@DistributedLock(key = "#goodsId")
	public void purchase(long goodsId, long userId) {
	}

}
