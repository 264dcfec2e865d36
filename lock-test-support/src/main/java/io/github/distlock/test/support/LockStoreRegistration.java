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

package io.github.distlock.test.support;

import java.util.List;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.core.annotation.AnnotatedElementUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks that a store's auto-configuration is registered as distlock finds stores: a
 * store that is missing from one of its two lists works when {@code distlock.store} names
 * it, and yet is never chosen when alone, never named among the stores found, or never
 * loaded, without a word.
 *
 * <pre class="code">
 * &#64;Test
 * void storeIsRegistered() {
 *     LockStoreRegistration.assertRegistered(MyLockStoreAutoConfiguration.class, "mine");
 * }
 * </pre>
 *
 * @since 0.1.0
 */
public final class LockStoreRegistration {

	private LockStoreRegistration() {
	}

	/**
	 * Asserts that the class is an auto-configuration of the named store, listed both
	 * where Spring Boot loads auto-configurations and where distlock finds stores.
	 * @param autoConfiguration the store's auto-configuration class
	 * @param store the store's name, as {@code distlock.store} takes it
	 */
	public static void assertRegistered(Class<?> autoConfiguration, String store) {
		assertRegistered(autoConfiguration, store, autoConfiguration.getClassLoader());
	}

	/**
	 * Asserts that the class is an auto-configuration of the named store, listed both
	 * where Spring Boot loads auto-configurations and where distlock finds stores, as a
	 * class loader sees them.
	 * @param autoConfiguration the store's auto-configuration class
	 * @param store the store's name, as {@code distlock.store} takes it
	 * @param classLoader where to read the lists
	 */
	public static void assertRegistered(Class<?> autoConfiguration, String store, ClassLoader classLoader) {
		String name = autoConfiguration.getName();
		assertThat(AnnotatedElementUtils.hasAnnotation(autoConfiguration, AutoConfiguration.class))
			.as("%s is annotated with @AutoConfiguration", name)
			.isTrue();
		assertThat(AnnotatedElementUtils.findMergedAnnotation(autoConfiguration, ConditionalOnLockStore.class))
			.as("%s is annotated with @ConditionalOnLockStore", name)
			.isNotNull()
			.extracting(ConditionalOnLockStore::value)
			.as("the store's name in @ConditionalOnLockStore on %s", name)
			.isEqualTo(store);
		assertListed(name, AutoConfiguration.class, "where Spring Boot loads auto-configurations", classLoader);
		assertListed(name, ConditionalOnLockStore.class, "where distlock finds stores", classLoader);
	}

	private static void assertListed(String name, Class<?> key, String where, ClassLoader classLoader) {
		List<String> listed = ImportCandidates.load(key, classLoader).getCandidates();
		assertThat(listed.contains(name))
			.as("%s is listed in META-INF/spring/%s.imports, %s", name, key.getName(), where)
			.isTrue();
	}

}
