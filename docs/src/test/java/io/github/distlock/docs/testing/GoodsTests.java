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
