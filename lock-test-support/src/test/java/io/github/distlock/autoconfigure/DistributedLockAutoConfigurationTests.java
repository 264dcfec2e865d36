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
import java.util.Optional;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.WhenBusy;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.InvalidLockDefinitionException;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditions and properties of {@link DistributedLockAutoConfiguration}, over the
 * in-memory store as an application's own {@link Locker} bean: what holds whatever the
 * store. Each store's module tests how its store is chosen.
 */
class DistributedLockAutoConfigurationTests {

	private final ApplicationContextRunner withoutStore = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class, AopAutoConfiguration.class));

	private final ApplicationContextRunner runner = this.withoutStore.withBean("inMemoryLocker", Locker.class,
			InMemoryLocker::new);

	@Test
	void providesLockTemplateOverTheStoresLockerAndInfrastructureAdvisor() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(DefaultLockTemplate.class).hasSingleBean(DistributedLockAdvisor.class);
			assertThat(context.getBeanFactory().getBeanDefinition("distributedLockAdvisor").getRole())
				.isEqualTo(BeanDefinition.ROLE_INFRASTRUCTURE);
		});
	}

	@Test
	void beanNamesLeaveGenericNamesToOtherLibraries() {
		this.runner.withBean("lockTemplate", OtherLibrarysTemplate.class, OtherLibrarysTemplate::new).run((context) -> {
			assertThat(context).hasNotFailed().hasBean("lockTemplate");
			assertThat(context.getBeanNamesForType(LockTemplate.class)).containsExactly("distributedLockTemplate");
		});
	}

	@Test
	void proxiesAnnotatedBeansWithoutBootAopAutoConfiguration() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class))
			.withBean(Locker.class, InMemoryLocker::new)
			.withBean(Guarded.class)
			.run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Guarded.class))).isTrue());
	}

	@Test
	void failsStartupWhenAnnotationIsUsedWithoutAStore() {
		this.withoutStore.withBean(Guarded.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessageContaining("Guarded.run(Long)");
			FailureAnalysis analysis = new MissingLockTemplateFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("distlock.enabled=false");
		});
	}

	@Test
	void failsStartupWhenAnnotationIsUsedOnlyOnALazyBeanWithoutAStore() {
		this.withoutStore.withBean(Guarded.class, Guarded::new, (definition) -> definition.setLazyInit(true))
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.isInstanceOf(MissingLockTemplateException.class)
					.hasMessageContaining("Guarded.run(Long)");
			});
	}

	@Test
	void failsStartupWhenAnnotationIsUsedOnlyOnAPrototypeBeanWithoutAStore() {
		this.withoutStore
			.withBean(Guarded.class, Guarded::new, (definition) -> definition.setScope(BeanDefinition.SCOPE_PROTOTYPE))
			.run((context) -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessageContaining("Guarded.run(Long)"));
	}

	@Test
	void startsWithoutAStoreWhenAnnotationIsNotUsed() {
		this.withoutStore.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockTemplate.class));
	}

	@Test
	void aLockerOfTheApplicationsOwnIsUsed() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(Locker.class)
			.hasBean("inMemoryLocker")
			.getBean(LockTemplate.class)
			.satisfies((template) -> assertThat(template.tryAcquire("own:1", null, null)).isPresent()));
	}

	@Test
	void backsOffWhenDisabled() {
		this.runner.withPropertyValues("distlock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LockTemplate.class)
				.doesNotHaveBean(DistributedLockAdvisor.class));
	}

	@Test
	void backsOffWhenUserDefinesLockTemplate() {
		this.runner.withUserConfiguration(UserLockTemplateConfiguration.class)
			.run((context) -> assertThat(context).getBean(LockTemplate.class)
				.isSameAs(UserLockTemplateConfiguration.TEMPLATE));
	}

	@Test
	void bindsProperties() {
		this.runner
			.withPropertyValues("distlock.key-prefix=app", "distlock.wait=2s", "distlock.order=42",
					"distlock.watchdog.lease=9s", "distlock.watchdog.renew-interval=1s",
					"distlock.watchdog.max-hold=1m", "distlock.store=in-memory")
			.run((context) -> {
				DistributedLockProperties properties = context.getBean(DistributedLockProperties.class);
				assertThat(properties.getKeyPrefix()).isEqualTo("app");
				assertThat(properties.getWait()).isEqualTo(Duration.ofSeconds(2));
				assertThat(properties.getWatchdog().getLease()).isEqualTo(Duration.ofSeconds(9));
				assertThat(properties.getWatchdog().getRenewInterval()).isEqualTo(Duration.ofSeconds(1));
				assertThat(properties.getWatchdog().getMaxHold()).isEqualTo(Duration.ofMinutes(1));
				assertThat(properties.getStore()).isEqualTo("in-memory");
				assertThat(context.getBean(DistributedLockAdvisor.class).getOrder()).isEqualTo(42);
			});
	}

	@Test
	void defaultsMatchTheContract() {
		this.runner.run((context) -> {
			DistributedLockProperties properties = context.getBean(DistributedLockProperties.class);
			assertThat(properties.getKeyPrefix()).isEqualTo("lock");
			assertThat(properties.getWait()).isZero();
			assertThat(properties.getWatchdog().getLease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(properties.getWatchdog().getRenewInterval()).isNull();
			assertThat(properties.getWatchdog().getMaxHold()).isNull();
			assertThat(properties.getStore()).isNull();
		});
	}

	@Test
	void proxiesAnnotatedBeans() {
		this.runner.withBean(Guarded.class)
			.run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Guarded.class))).isTrue());
	}

	@Test
	void failsStartupNamingBeanAndMethodForInvalidDeclaration() {
		this.runner.withBean("brokenBean", Broken.class).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new InvalidLockDefinitionFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains("brokenBean")
				.contains("Broken.run(Long)")
				.contains("'#missing'");
			assertThat(analysis.getAction()).contains("Broken.run(Long)");
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(InvalidLockDefinitionException.class);
		});
	}

	@Test
	void startsWhenTheDurationsPlaceholderHasAValue() {
		this.runner.withConfiguration(AutoConfigurations.of(PropertyPlaceholderAutoConfiguration.class))
			.withPropertyValues("jobs.hold=2s")
			.withBean("job", Job.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.getBean(Job.class)
				.satisfies((job) -> assertThat(AopUtils.isAopProxy(job)).isTrue()));
	}

	@Test
	void failsStartupNamingThePropertyADurationLacks() {
		this.runner.withConfiguration(AutoConfigurations.of(PropertyPlaceholderAutoConfiguration.class))
			.withBean("job", Job.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLockDefinitionFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(analysis.getDescription()).contains("Bean 'job'")
					.contains("@DistributedLock on Job.run(): holdAtLeastString \"${jobs.hold}\" could not be resolved")
					.contains("jobs.hold");
				assertThat(analysis.getAction()).contains("Job.run()").contains("${...} placeholder");
			});
	}

	public static class Guarded {

		@DistributedLock(key = "#id")
		public void run(Long id) {
		}

	}

	public static class Job {

		@DistributedLock(key = "'report'", whenBusy = WhenBusy.SKIP, holdAtLeastString = "${jobs.hold}")
		public void run() {
		}

	}

	public static class Broken {

		@DistributedLock(key = "#missing")
		public void run(Long id) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserLockTemplateConfiguration {

		static final LockTemplate TEMPLATE = new LockTemplate() {

			@Override
			public Optional<LockHandle> tryAcquire(String key, @Nullable Duration lease, @Nullable Duration wait) {
				return Optional.empty();
			}

		};

		@Bean
		LockTemplate userLockTemplate() {
			return TEMPLATE;
		}

	}

	/**
	 * Stands for another library's bean of the same name, such as lock4j's
	 * {@code lockTemplate}.
	 */
	static final class OtherLibrarysTemplate {

	}

}
