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

package io.github.distlock.sample;

import java.util.Objects;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.MissingLockTemplateException;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.autoconfigure.JdbcLockAutoConfiguration;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.store.Locker;
import io.github.distlock.zookeeper.autoconfigure.ZooKeeperLockAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application with several stores on its class path, as this one has:
 * {@code distlock.store} picks one, and leaving it unset fails start-up naming them.
 * Lettuce connects lazily, so no Redis server is needed; the database is an in-memory H2.
 */
class LockStoreChoiceTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
				RedisLockAutoConfiguration.class, JdbcLockAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class))
		.withPropertyValues("distlock.jdbc.initialize-schema=always");

	@Test
	void theStoreNamedHoldsTheLocks() {
		this.runner.withPropertyValues("distlock.store=jdbc")
			.run((context) -> assertThat(context).hasSingleBean(Locker.class).hasSingleBean(JdbcLocker.class));
		this.runner.withPropertyValues("distlock.store=redis")
			.run((context) -> assertThat(context).hasSingleBean(Locker.class).hasSingleBean(RedisLocker.class));
	}

	@Test
	void noStoreNamedFailsStartupNamingThoseOnTheClassPath() {
		this.runner.run((context) -> {
			assertThat(context).hasFailed();
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure());
			assertThat(cause).isInstanceOf(MissingLockTemplateException.class)
				.hasMessageStartingWith(
						"distlock.store is unset and several stores are on the class path: jdbc, redis, zookeeper");
			assertThat(SpringFactoriesLoader.forDefaultResourceLocation()
				.load(FailureAnalyzer.class,
						ArgumentResolver.of(BeanFactory.class, new DefaultListableBeanFactory())
							.and(Environment.class, new StandardEnvironment()),
						// analyzers that need more than these are not the ones looked for
						FailureHandler.handleMessage((message, failure) -> {
						})))
				.map((analyzer) -> analyzer.analyze(context.getStartupFailure()))
				.filteredOn(Objects::nonNull)
				.singleElement()
				.satisfies((analysis) -> {
					assertThat(analysis.getDescription()).contains("several lock stores")
						.contains("jdbc, redis, zookeeper");
					assertThat(analysis.getAction()).contains("Set distlock.store");
				});
		});
	}

}
