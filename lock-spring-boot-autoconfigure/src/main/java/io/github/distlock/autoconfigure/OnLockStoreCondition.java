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

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The condition of {@link ConditionalOnLockStore}.
 */
final class OnLockStoreCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		// The condition runs only where @ConditionalOnLockStore is: getString throws
		// otherwise.
		String store = metadata.getAnnotations().get(ConditionalOnLockStore.class).getString("value");
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
