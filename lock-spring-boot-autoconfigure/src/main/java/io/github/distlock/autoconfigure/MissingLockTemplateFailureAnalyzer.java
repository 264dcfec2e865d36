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

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a {@link MissingLockTemplateException}: which methods need locks, or which
 * store was asked for, and how to provide one.
 */
final class MissingLockTemplateFailureAnalyzer extends AbstractFailureAnalyzer<MissingLockTemplateException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingLockTemplateException cause) {
		if (cause.getStore() != null) {
			return unavailableStore(cause);
		}
		if (!cause.getAvailableStores().isEmpty()) {
			return new FailureAnalysis(
					"distlock.store is unset, and several lock stores are on the class path: "
							+ String.join(", ", cause.getAvailableStores()) + ".",
					"Set distlock.store to the store locks should live in.", cause);
		}
		return new FailureAnalysis(
				"@DistributedLock is used on " + String.join(", ", cause.getMethods())
						+ ", but no lock store could be set up.",
				"Add the starter of a store with its client configured: lock-spring-boot-starter for Redis "
						+ "(spring.data.redis.*, one RedisConnectionFactory), lock-spring-boot-starter-jdbc for a "
						+ "database (one DataSource), or lock-spring-boot-starter-zookeeper (one CuratorFramework or "
						+ "distlock.zookeeper.connect-string). Or define a LockTemplate or Locker bean of your own, or "
						+ "remove the annotations and set distlock.enabled=false.",
				cause);
	}

	private FailureAnalysis unavailableStore(MissingLockTemplateException cause) {
		String available = cause.getAvailableStores().isEmpty() ? "none"
				: String.join(", ", cause.getAvailableStores());
		return new FailureAnalysis(
				"distlock.store is '" + cause.getStore() + "', but no such lock store is on the class path. Stores "
						+ "available: " + available + ".",
				"Set distlock.store to one of the available stores, or leave it unset to use the one present. For "
						+ "distlock.store=in-memory, add io.github.distlock:lock-spring-boot-test (test scope).",
				cause);
	}

}
