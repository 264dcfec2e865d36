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

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;

/**
 * Tells a native image what the {@code @DistributedLock} methods of a bean reach by
 * reflection, besides the methods themselves ({@code @DistributedLock} is
 * {@code @Reflective} for those): the {@code fallback} methods, which
 * {@link FallbackMethod} invokes, and the properties of the arguments a key expression
 * reads ({@code #order.id}), as Spring's {@code @MessageMapping} registers its arguments
 * for binding, and the getters of {@code #root}. Declarations are read by a
 * {@link LockOperationSource}, as at start-up, so the fallback hinted is the one called.
 *
 * <p>
 * A key that calls a bean ({@code @prices.key(#id)}) or a method that is not a property
 * accessor of an argument needs the application's own hint.
 */
final class LockReflectionBeanRegistrationAotProcessor implements BeanRegistrationAotProcessor {

	private static final BindingReflectionHintsRegistrar bindingHints = new BindingReflectionHintsRegistrar();

	@Override
	public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean registeredBean) {
		Class<?> beanClass = registeredBean.getBeanClass();
		List<LockOperation> operations = new LockOperationSource(registeredBean.getBeanFactory())
			.operationsOf(beanClass);
		if (operations.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> {
			ReflectionHints hints = generationContext.getRuntimeHints().reflection();
			hints.registerType(LockExpressionRootObject.class, MemberCategory.INVOKE_PUBLIC_METHODS);
			operations.forEach((operation) -> register(hints, operation));
		};
	}

	private static void register(ReflectionHints hints, LockOperation operation) {
		if (operation.fallback() != null) {
			hints.registerMethod(operation.fallback().method(), ExecutableMode.INVOKE);
		}
		bindingHints.registerReflectionHints(hints, operation.key().namedParameterTypes().toArray(Class<?>[]::new));
	}

}
