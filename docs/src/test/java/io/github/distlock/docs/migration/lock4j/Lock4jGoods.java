package io.github.distlock.docs.migration.lock4j;

import com.baomidou.lock.annotation.Lock4j;

import org.springframework.stereotype.Service;

/**
 * The "before" of the lock4j migration guide.
 */
// tag::before[]
@Service
public class Lock4jGoods {

	@Lock4j(keys = "#goodsId", expire = 5000, acquireTimeout = 100)
	public String purchase(long goodsId) {
		// ... the work
		// end::before[]
		Pause.here();
		// tag::before[]
		return "purchased " + goodsId;
	}

}
// end::before[]
