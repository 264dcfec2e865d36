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

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.github.distlock.LockTemplate;
import io.github.distlock.interceptor.LockOperationSource;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Fails start-up when no {@link LockTemplate} could be built although one is needed: when
 * {@code @DistributedLock} is in use (on a bean made at start-up, or on one made later: a
 * {@code @Lazy}, prototype or scoped bean), so a guarded method never runs unguarded, or
 * when {@code distlock.store} names a store that is not on the class path, or is unset
 * while several stores are.
 */
final class LockTemplatePresenceCheck implements SmartInitializingSingleton, BeanClassLoaderAware, BeanFactoryAware {

	private final LockOperationSource operationSource;

	private final ObjectProvider<LockTemplate> lockTemplate;

	private final ObjectProvider<DistributedLockProperties> properties;

	private @Nullable ClassLoader classLoader;

	private @Nullable ConfigurableListableBeanFactory beanFactory;

	LockTemplatePresenceCheck(LockOperationSource operationSource, ObjectProvider<LockTemplate> lockTemplate,
			ObjectProvider<DistributedLockProperties> properties) {
		this.operationSource = operationSource;
		this.lockTemplate = lockTemplate;
		this.properties = properties;
	}

	@Override
	public void setBeanClassLoader(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		if (beanFactory instanceof ConfigurableListableBeanFactory listable) {
			this.beanFactory = listable;
		}
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.lockTemplate.getIfAvailable() != null) {
			return;
		}
		List<String> guardedMethods = guardedMethods();
		String store = this.properties.getObject().getStore();
		if (store != null) {
			List<String> availableStores = LockStores.available(this.classLoader);
			if (!availableStores.contains(store)) {
				throw new MissingLockTemplateException(guardedMethods, store, availableStores);
			}
		}
		else {
			List<String> presentStores = LockStores.presentByDefault(this.classLoader);
			if (presentStores.size() > 1) {
				throw new MissingLockTemplateException(guardedMethods, presentStores);
			}
		}
		if (!guardedMethods.isEmpty()) {
			throw new MissingLockTemplateException(guardedMethods);
		}
	}

	/**
	 * The annotated methods of the beans proxied so far, and of those to be made later.
	 */
	private List<String> guardedMethods() {
		Set<String> methods = new TreeSet<>(this.operationSource.operationMethods());
		if (this.beanFactory != null) {
			for (String name : this.beanFactory.getBeanDefinitionNames()) {
				Class<?> type = typeMadeLater(this.beanFactory, name);
				if (type != null) {
					methods.addAll(this.operationSource.operationMethodsOf(type));
				}
			}
		}
		return List.copyOf(methods);
	}

	/**
	 * The type of a bean not made at start-up ({@code @Lazy}, prototype or scoped), as
	 * far as it can be told without making anything; {@code null} for any other, or when
	 * it cannot be told (Spring itself passes over such lazy beans when it matches beans
	 * by type).
	 */
	private static @Nullable Class<?> typeMadeLater(ConfigurableListableBeanFactory beanFactory, String name) {
		try {
			BeanDefinition definition = beanFactory.getMergedBeanDefinition(name);
			if (definition.isAbstract() || (definition.isSingleton() && !definition.isLazyInit())) {
				return null;
			}
			return beanFactory.getType(name, false);
		}
		catch (BeansException ex) {
			return null;
		}
	}

}
