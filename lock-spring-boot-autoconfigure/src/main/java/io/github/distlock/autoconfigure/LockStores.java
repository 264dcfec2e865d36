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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.core.type.classreading.MetadataReaderFactory;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;

/**
 * The stores that {@code distlock.store} may name: the auto-configurations that a store
 * module lists in its
 * {@code META-INF/spring/io.github.distlock.autoconfigure.ConditionalOnLockStore.imports},
 * each named by its {@link ConditionalOnLockStore}. Ours are found like anyone's, so a
 * store written elsewhere is chosen like ours.
 */
final class LockStores {

	static final String PROPERTY = "distlock.store";

	private LockStores() {
	}

	/**
	 * Returns the names of the stores on the class path.
	 * @param classLoader the class loader to look in
	 * @return the names, sorted
	 */
	static List<String> available(@Nullable ClassLoader classLoader) {
		return present(classLoader, (store) -> true);
	}

	/**
	 * Returns the names of the stores on the class path that are used when
	 * {@code distlock.store} is unset and only one of them is present
	 * ({@link ConditionalOnLockStore#chosenWhenAlone()}).
	 * @param classLoader the class loader to look in
	 * @return the names, sorted
	 */
	static List<String> presentByDefault(@Nullable ClassLoader classLoader) {
		return present(classLoader, (store) -> Boolean.TRUE.equals(store.get("chosenWhenAlone")));
	}

	/** Reads each listed class's annotation from its class file, loading no class. */
	private static List<String> present(@Nullable ClassLoader classLoader, Predicate<Map<String, Object>> considered) {
		MetadataReaderFactory readers = new SimpleMetadataReaderFactory(classLoader);
		return ImportCandidates.load(ConditionalOnLockStore.class, classLoader)
			.getCandidates()
			.stream()
			.map((className) -> storeOf(readers, className))
			.filter(considered)
			.map((store) -> (String) store.get("value"))
			.distinct()
			.sorted()
			.toList();
	}

	private static Map<String, Object> storeOf(MetadataReaderFactory readers, String className) {
		Map<String, @Nullable Object> store;
		try {
			store = readers.getMetadataReader(className)
				.getAnnotationMetadata()
				.getAnnotationAttributes(ConditionalOnLockStore.class.getName());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read lock store " + className + ", listed in a "
					+ ConditionalOnLockStore.class.getName() + ".imports file", ex);
		}
		if (store == null) {
			throw new IllegalStateException(
					"Lock store " + className + ", listed in a " + ConditionalOnLockStore.class.getName()
							+ ".imports file, is not annotated with @" + ConditionalOnLockStore.class.getSimpleName());
		}
		return store;
	}

}
