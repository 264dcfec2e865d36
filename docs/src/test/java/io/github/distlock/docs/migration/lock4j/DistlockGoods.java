package io.github.distlock.docs.migration.lock4j;

import io.github.distlock.DistributedLock;

import org.springframework.stereotype.Service;

/**
 * The "after" of the lock4j migration guide.
 */
// tag::after[]
@Service
public class DistlockGoods {

	@DistributedLock(key = "#goodsId", leaseMs = 5000, waitMs = 100)
	public String purchase(long goodsId) {
		// ... the work
		// end::after[]
		Pause.here();
		// tag::after[]
		return "purchased " + goodsId;
	}

}
// end::after[]
