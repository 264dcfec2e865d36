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

package io.github.distlock.redis.autoconfigure;

import java.util.List;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code distlock.redlock.nodes} lists any node, written as one
 * comma-separated value or as a list.
 */
final class OnRedlockNodesCondition extends SpringBootCondition {

	static final String PROPERTY = "distlock.redlock.nodes";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		List<String> nodes = Binder.get(context.getEnvironment())
			.bind(PROPERTY, Bindable.listOf(String.class))
			.orElse(List.of());
		return nodes.isEmpty() ? ConditionOutcome.noMatch(PROPERTY + " is empty")
				: ConditionOutcome.match(PROPERTY + " lists " + nodes.size() + " nodes");
	}

	/**
	 * Matches when {@code distlock.redlock.nodes} lists no node: locks go to the
	 * application's Redis.
	 */
	static final class Not extends NoneNestedConditions {

		Not() {
			super(ConfigurationPhase.PARSE_CONFIGURATION);
		}

		@Conditional(OnRedlockNodesCondition.class)
		static final class NodesListed {

		}

	}

}
