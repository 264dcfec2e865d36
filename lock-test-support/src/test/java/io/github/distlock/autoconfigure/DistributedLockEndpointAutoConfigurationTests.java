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

import java.time.Duration;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.endpoint.LocksEndpoint;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the {@code locks} endpoint is made: like Spring Boot's own endpoints, only once
 * exposed, and never without the Actuator, without a lock template, or beside the
 * application's own.
 */
class DistributedLockEndpointAutoConfigurationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class,
				DistributedLockEndpointAutoConfiguration.class))
		.withBean(Locker.class, InMemoryLocker::new);

	private final DefaultLockTemplate ownTemplate = new DefaultLockTemplate(new InMemoryLocker(),
			WatchdogSettings.watchdogLease(LEASE));

	@AfterEach
	void closeOwnTemplate() {
		this.ownTemplate.close();
	}

	@Test
	void theEndpointIsMadeOnceExposedOverHttpOrJmx() {
		this.runner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LocksEndpoint.class));
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.run((context) -> assertThat(context).hasSingleBean(LocksEndpoint.class));
		this.runner.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=locks")
			.run((context) -> assertThat(context).hasSingleBean(LocksEndpoint.class));
	}

	@Test
	void noEndpointWhenTurnedOffWithoutTheActuatorOrWithoutTemplate() {
		ApplicationContextRunner exposed = this.runner
			.withPropertyValues("management.endpoints.web.exposure.include=*");
		exposed.withPropertyValues("management.endpoint.locks.access=NONE")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LocksEndpoint.class));
		exposed.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LocksEndpoint.class));
		exposed.withPropertyValues("distlock.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LocksEndpoint.class));
	}

	@Test
	void theApplicationsOwnEndpointIsKept() {
		this.runner.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.withBean("ownLocksEndpoint", LocksEndpoint.class, () -> new LocksEndpoint(this.ownTemplate))
			.run((context) -> assertThat(context).getBean(LocksEndpoint.class)
				.isSameAs(context.getBean("ownLocksEndpoint")));
	}

}
