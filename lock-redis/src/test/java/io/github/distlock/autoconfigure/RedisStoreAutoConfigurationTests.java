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
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.LockStoreRegistration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How {@link DistributedLockAutoConfiguration} sets up on Redis, the store's own part;
 * what holds whatever the store is tested in lock-test-support. Lettuce connects lazily,
 * so these need no Redis server.
 */
class RedisStoreAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class, AopAutoConfiguration.class));

	@Test
	void storeIsRegisteredWhereDistlockFindsStores() {
		LockStoreRegistration.assertRegistered(RedisLockAutoConfiguration.class, "redis");
	}

	@Test
	void providesLockTemplateOverRedisAndInfrastructureAdvisor() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(RedisLocker.class)
				.hasSingleBean(DefaultLockTemplate.class)
				.hasSingleBean(DistributedLockAdvisor.class);
			assertThat(context.getBeanFactory().getBeanDefinition("distributedLockAdvisor").getRole())
				.isEqualTo(BeanDefinition.ROLE_INFRASTRUCTURE);
		});
	}

	// lock4j's starter defines a bean named 'lockTemplate': with both on the class path,
	// as while
	// migrating, the two names collided and the application did not start.
	@Test
	void beanNamesLeaveGenericNamesToOtherLibraries() {
		this.runner.withBean("lockTemplate", OtherLibrarysTemplate.class, OtherLibrarysTemplate::new)
			.withBean("redisLocker", OtherLibrarysTemplate.class, OtherLibrarysTemplate::new)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasBean("lockTemplate").hasBean("redisLocker");
				assertThat(context.getBeanNamesForType(LockTemplate.class)).containsExactly("distributedLockTemplate");
				assertThat(context.getBeanNamesForType(Locker.class)).containsExactly("distributedLockRedisLocker");
			});
	}

	@Test
	void backsOffWhenUserDefinesLocker() {
		this.runner.withBean("userLocker", Locker.class, () -> new RedisLocker(lazyConnectionFactory(), "mine"))
			.run((context) -> assertThat(context).hasSingleBean(Locker.class)
				.hasBean("userLocker")
				.hasSingleBean(LockTemplate.class));
	}

	@Test
	void locksLiveInRedisWhenStoreIsRedis() {
		this.runner.withPropertyValues("distlock.store=redis")
			.run((context) -> assertThat(context).hasSingleBean(RedisLocker.class).hasSingleBean(LockTemplate.class));
	}

	@Test
	void failsStartupNamingAvailableStoresWhenStoreIsNotOnClassPath() {
		this.runner.withPropertyValues("distlock.store=in-memory").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessage("distlock.store=in-memory names no store on the class path; available: redis");
			FailureAnalysis analysis = new MissingLockTemplateFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("'in-memory'").contains("available: redis.");
			assertThat(analysis.getAction()).contains("lock-spring-boot-test");
		});
	}

	@Test
	void proxiesAnnotatedBeansWithoutBootAopAutoConfiguration() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class))
			.withBean(Guarded.class)
			.run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Guarded.class))).isTrue());
	}

	@Test
	void failsStartupWhenAnnotationIsUsedWithoutRedis() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.withBean(Guarded.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.isInstanceOf(MissingLockTemplateException.class)
					.hasMessageContaining("Guarded.run(Long)");
				FailureAnalysis analysis = new MissingLockTemplateFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getAction()).contains("spring.data.redis").contains("distlock.enabled=false");
			});
	}

	@Test
	void startsWithoutRedisWhenAnnotationIsNotUsed() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockTemplate.class));
	}

	private static RedisConnectionFactory lazyConnectionFactory() {
		LettuceConnectionFactory factory = new LettuceConnectionFactory();
		factory.afterPropertiesSet();
		return factory;
	}

	public static class Guarded {

		@DistributedLock(key = "#id")
		public void run(Long id) {
		}

	}

	/**
	 * Stands for another library's bean of the same name, such as lock4j's
	 * {@code lockTemplate}.
	 */
	static final class OtherLibrarysTemplate {

	}

}
