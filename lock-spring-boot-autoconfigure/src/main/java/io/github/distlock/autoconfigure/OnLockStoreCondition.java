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

package io.github.distlock.autoconfigure;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.Assert;

/**
 * The condition of {@link ConditionalOnLockStore}.
 */
final class OnLockStoreCondition extends SpringBootCondition {

	@Override
	@SuppressWarnings("NullAway") // the condition runs only where @ConditionalOnLockStore
									// is, so its attributes are there
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, @Nullable Object> attributes = metadata
			.getAnnotationAttributes(ConditionalOnLockStore.class.getName());
		Assert.state(attributes != null, "No @ConditionalOnLockStore");
		String store = (String) attributes.get("value");
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnLockStore.class, store);
		String chosen = context.getEnvironment().getProperty(LockStores.PROPERTY);
		if (chosen != null) {
			return store.equals(chosen) ? ConditionOutcome.match(message.because(LockStores.PROPERTY + " names it"))
					: ConditionOutcome.noMatch(message.because(LockStores.PROPERTY + " is '" + chosen + "'"));
		}
		List<String> present = LockStores.presentByDefault(context.getClassLoader());
		if (present.equals(List.of(store))) {
			return ConditionOutcome.match(message.because("it is the only store on the class path"));
		}
		return ConditionOutcome.noMatch(
				message.because(LockStores.PROPERTY + " is unset and the stores on the class path are " + present));
	}

}
