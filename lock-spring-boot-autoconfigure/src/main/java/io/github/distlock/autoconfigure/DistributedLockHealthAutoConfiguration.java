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

import io.github.distlock.health.DistributedLockHealthIndicator;
import io.github.distlock.health.RecentLeaseLosses;
import io.github.distlock.store.Locker;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the {@code distlock} health indicator, when Spring Boot's health
 * support is present; {@code management.health.distlock.enabled=false} turns it off.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = DistributedLockAutoConfiguration.class)
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
public final class DistributedLockHealthAutoConfiguration {

	/**
	 * Nested, so its conditions, which need Spring Boot's health support, are read only
	 * when it is present.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(Locker.class)
	@ConditionalOnEnabledHealthIndicator("distlock")
	static class HealthIndicatorConfiguration {

		@Bean
		@ConditionalOnMissingBean
		RecentLeaseLosses distributedLockRecentLeaseLosses() {
			return new RecentLeaseLosses();
		}

		@Bean
		@ConditionalOnMissingBean(name = "distlockHealthIndicator")
		DistributedLockHealthIndicator distlockHealthIndicator(Locker locker, DistributedLockProperties properties,
				RecentLeaseLosses leaseLosses) {
			return new DistributedLockHealthIndicator(locker, properties.getHealth().getTimeout(), leaseLosses);
		}

	}

}
