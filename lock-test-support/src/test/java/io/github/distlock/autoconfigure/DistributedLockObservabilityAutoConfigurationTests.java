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

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;

import io.github.distlock.LockTemplate;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.micrometer.LockMetrics;
import io.github.distlock.observation.LockObservations;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lock metrics and observations in an application with Micrometer, over the in-memory
 * store, and the conditions under which they are left out.
 */
class DistributedLockObservabilityAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class,
				DistributedLockMetricsAutoConfiguration.class, DistributedLockObservationAutoConfiguration.class))
		.withBean(Locker.class, InMemoryLocker::new);

	@Test
	void locksOfAnApplicationWithMicrometerAreMeasuredWithNoConfiguration() {
		this.runner
			.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
					SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasSingleBean(LockMetrics.class);
				LockTemplate template = context.getBean(LockTemplate.class);
				template.execute("goods:42", Duration.ofSeconds(5), Duration.ZERO, () -> "bought");
				template.execute("goods:43", Duration.ofSeconds(5), Duration.ZERO, () -> "bought");
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("distlock.acquisitions")
					.tag("name", "goods")
					.tag("outcome", "acquired")
					.timer()
					.count()).isEqualTo(2);
				assertThat(registry.get("distlock.holds").tag("name", "goods").timer().count()).isEqualTo(2);
			});
	}

	@Test
	void aMeterRegistryOfTheApplicationsOwnIsUsed() {
		SimpleMeterRegistry own = new SimpleMeterRegistry();
		this.runner.withBean(MeterRegistry.class, () -> own).run((context) -> {
			context.getBean(LockTemplate.class).execute("stock:1", Duration.ofSeconds(5), Duration.ZERO, () -> "ok");
			assertThat(own.get("distlock.acquisitions").tag("name", "stock").tag("outcome", "acquired").timer().count())
				.isOne();
		});
	}

	@Test
	void locksAreObservedWhenTheApplicationHasAnObservationRegistry() {
		TestObservationRegistry registry = TestObservationRegistry.create();
		this.runner.withBean(ObservationRegistry.class, () -> registry).run((context) -> {
			assertThat(context).hasSingleBean(LockObservations.class);
			context.getBean(LockTemplate.class).execute("stock:1", Duration.ofSeconds(5), Duration.ZERO, () -> "ok");
			TestObservationRegistryAssert.assertThat(registry)
				.hasObservationWithNameEqualTo("distlock.acquire")
				.that()
				.hasLowCardinalityKeyValue("outcome", "acquired");
			TestObservationRegistryAssert.assertThat(registry).hasObservationWithNameEqualTo("distlock.hold");
		});
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(LockObservations.class));
	}

	@Test
	void noMetricsWithoutAMeterRegistryOrMicrometerOrWhenTheUserHasTheirOwn() {
		this.runner.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockMetrics.class));
		this.runner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockMetrics.class));
		LockMetrics own = new LockMetrics(new SimpleMeterRegistry());
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withBean("ownLockMetrics", LockMetrics.class, () -> own)
			.run((context) -> assertThat(context).getBean(LockMetrics.class).isSameAs(own));
	}

}
