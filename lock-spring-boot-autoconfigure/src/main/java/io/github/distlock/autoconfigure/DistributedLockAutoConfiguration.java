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

import io.github.distlock.LockTemplate;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.InstanceNames;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.DistributedLockInterceptor;
import io.github.distlock.interceptor.LockOperationSource;
import io.github.distlock.store.Locker;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of the {@link LockTemplate} on the {@link Locker} that a store
 * module's auto-configuration (or the application) defines, and of the
 * {@code @DistributedLock} support.
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DistributedLockProperties.class)
@Import(AutoProxyRegistration.class)
public final class DistributedLockAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(LockTemplate.class)
	@ConditionalOnBean(Locker.class)
	DefaultLockTemplate distributedLockTemplate(Locker locker, DistributedLockProperties properties,
			ObjectProvider<LockListener> listeners, Environment environment) {
		DistributedLockProperties.Watchdog watchdog = properties.getWatchdog();
		Duration renewInterval = (watchdog.getRenewInterval() != null) ? watchdog.getRenewInterval()
				: watchdog.getLease().dividedBy(3);
		return new DefaultLockTemplate(locker,
				new WatchdogSettings(watchdog.getLease(), renewInterval, watchdog.getMaxHold()),
				listeners.orderedStream().toList(),
				InstanceNames.thisProcess(environment.getProperty("spring.application.name")));
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnMissingBean
	static LockOperationSource distributedLockOperationSource(BeanFactory beanFactory) {
		return new LockOperationSource(beanFactory);
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnMissingBean
	static DistributedLockInterceptor distributedLockInterceptor(LockOperationSource distributedLockOperationSource,
			ObjectProvider<LockTemplate> lockTemplate, Environment environment) {
		return new DistributedLockInterceptor(distributedLockOperationSource, lockTemplate::getObject,
				boundEarly(environment).getWait());
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnMissingBean
	static DistributedLockAdvisor distributedLockAdvisor(LockOperationSource distributedLockOperationSource,
			DistributedLockInterceptor distributedLockInterceptor, Environment environment) {
		return new DistributedLockAdvisor(distributedLockOperationSource, distributedLockInterceptor,
				boundEarly(environment).getOrder());
	}

	/**
	 * The properties, bound straight from the environment for the advisor and its
	 * interceptor, which are made while bean post-processors are: making the properties
	 * bean then would deny it the post-processors registered later (Spring warns of it).
	 */
	private static DistributedLockProperties boundEarly(Environment environment) {
		return Binder.get(environment).bindOrCreate("distlock", DistributedLockProperties.class);
	}

	@Bean
	static LockTemplatePresenceCheck distributedLockTemplatePresenceCheck(
			LockOperationSource distributedLockOperationSource, ObjectProvider<LockTemplate> lockTemplate,
			ObjectProvider<DistributedLockProperties> properties) {
		return new LockTemplatePresenceCheck(distributedLockOperationSource, lockTemplate, properties);
	}

}
