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

package io.github.distlock.interceptor;

import java.time.Duration;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Keys evaluated against the method they were checked against, through either kind of
 * proxy.
 */
class KeyEvaluationTests {

	private final DefaultLockTemplate template = new DefaultLockTemplate(new InMemoryLocker(),
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	@AfterEach
	void tearDown() {
		this.template.close();
	}

	@Test
	void keyNamesImplementationParameterBehindInterfaceProxy() {
		Buying buying = proxy(new DefaultBuying(), false);
		assertThat(buying.buy(42)).isEqualTo("bought 42");
	}

	@Test
	void keyWorksThroughGenericInterfaceOnBothProxyKinds() {
		Handler<Order> byClass = proxy(new OrderHandler(), true);
		Handler<Order> byInterface = proxy(new OrderHandler(), false);
		assertThat(byClass.handle(new Order(7L))).isEqualTo("handled 7");
		assertThat(byInterface.handle(new Order(8L))).isEqualTo("handled 8");
	}

	@Test
	void evaluationFailureNamesMethodAndExpression() {
		Handler<Order> handler = proxy(new OrderHandler(), true);
		assertThatIllegalArgumentException().isThrownBy(() -> handler.handle(null))
			.withMessageStartingWith("Lock key expression '#order.id' on OrderHandler.handle(Order) failed: ");
	}

	@Test
	void rootIsTheCallAsInSpringsCacheExpressions() {
		Records records = proxy(new Records(), true);
		assertThat(records.keyOf(5)).isEqualTo("records:keyOf:Records:5:shelf");
	}

	private <T> T proxy(Object target, boolean proxyTargetClass) {
		return LockProxies.proxy(target, proxyTargetClass, this.template, Duration.ZERO);
	}

	public static class Records {

		public String getShelf() {
			return "shelf";
		}

		@DistributedLock(name = "records",
				key = "#root.methodName + ':' + #root.targetClass.simpleName + ':' + #root.args[0] + ':' + #root.target.shelf")
		public String keyOf(long id) {
			return LockContext.current().orElseThrow().key();
		}

	}

	public interface Buying {

		String buy(long id);

	}

	public static class DefaultBuying implements Buying {

		@Override
		@DistributedLock(name = "goods", key = "#goodsId")
		public String buy(long goodsId) {
			return "bought " + goodsId;
		}

	}

	public interface Handler<T> {

		String handle(T item);

	}

	public record Order(Long id) {
	}

	public static class OrderHandler implements Handler<Order> {

		@Override
		@DistributedLock(name = "order", key = "#order.id")
		public String handle(Order order) {
			return "handled " + order.id();
		}

	}

}
