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

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.endpoint.LocksEndpoint;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Auto-configuration of the {@code locks} Actuator endpoint, when Spring Boot's Actuator
 * is present and the endpoint is available: like Boot's own endpoints, it is not exposed
 * over HTTP or JMX until {@code management.endpoints.web.exposure.include} (or
 * {@code jmx}) names it.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = DistributedLockAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
		"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
public final class DistributedLockEndpointAutoConfiguration {

	/**
	 * Nested, so its conditions, which need the Actuator, are read only when it is
	 * present.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(DefaultLockTemplate.class)
	@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
	static class LocksEndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LocksEndpoint distributedLocksEndpoint(DefaultLockTemplate template) {
			return new LocksEndpoint(template);
		}

	}

}
