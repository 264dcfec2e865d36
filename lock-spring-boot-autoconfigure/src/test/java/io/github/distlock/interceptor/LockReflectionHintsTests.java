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

import io.github.distlock.DistributedLock;
import io.github.distlock.LockNotAcquiredException;
import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.aot.test.generate.TestGenerationContext;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.context.support.GenericApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What Spring's AOT processing of an application context registers for a native image
 * about its {@code @DistributedLock} beans, through the processors in
 * {@code META-INF/spring/aot.factories} and {@code @Reflective}.
 */
class LockReflectionHintsTests {

	@Test
	void lockedMethodsAreRegisteredForInvocation() {
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OrderService.class, "place"))
			.accepts(processedHints());
	}

	@Test
	void fallbackMethodsAreRegisteredForInvocation() {
		RuntimeHints hints = processedHints();
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OrderService.class, "busy")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(OrderService.class, "cancelBusy"))
			.accepts(hints);
	}

	@Test
	void propertiesOfTheArgumentsAKeyNamesAreRegistered() {
		RuntimeHints hints = processedHints();
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Order.class, "id")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Customer.class, "name")).accepts(hints);
	}

	@Test
	void argumentsNoKeyNamesAreLeftAlone() {
		assertThat(RuntimeHintsPredicates.reflection().onType(Reason.class)).rejects(processedHints());
	}

	@Test
	void beanWithoutLocksContributesNothing() {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerBeanDefinition("plain", new RootBeanDefinition(Reason.class));
		assertThat(new LockReflectionBeanRegistrationAotProcessor()
			.processAheadOfTime(RegisteredBean.of(beanFactory, "plain"))).isNull();
	}

	private static RuntimeHints processedHints() {
		GenericApplicationContext context = new GenericApplicationContext();
		context.registerBean(OrderService.class);
		TestGenerationContext generationContext = new TestGenerationContext();
		new ApplicationContextAotGenerator().processAheadOfTime(context, generationContext);
		return generationContext.getRuntimeHints();
	}

	record Customer(String name) {
	}

	record Order(long id, Customer customer) {
	}

	static class Reason {

		public String text() {
			return "busy";
		}

	}

	static class OrderService {

		@DistributedLock(key = "#order.id", fallback = "busy")
		public String place(Order order) {
			return "placed";
		}

		String busy(Order order, LockNotAcquiredException ex) {
			return "busy";
		}

		@DistributedLock(key = "#p0.customer.name", fallback = "cancelBusy")
		public String cancel(Order order, Reason reason) {
			return "cancelled";
		}

		String cancelBusy(Order order, Reason reason) {
			return "busy";
		}

	}

}
