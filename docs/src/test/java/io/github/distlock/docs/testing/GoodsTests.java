package io.github.distlock.docs.testing;

import io.github.distlock.test.TakenLocks;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The testing page's example: a test of a locked method with no lock server.
 */
// tag::test[]
@SpringBootTest(properties = "distlock.store=in-memory")
class GoodsTests {

	@Autowired
	Goods goods;

	@Autowired
	TakenLocks takenLocks;

	@Test
	void purchaseLocksTheGood() {
		this.takenLocks.clear();
		this.goods.purchase(42, 7);
		assertThat(this.takenLocks.keys()).containsExactly("Goods.purchase:42");
	}

	// end::test[]
	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Goods.class)
	static class Application {

	}

	// tag::test[]
}
// end::test[]
