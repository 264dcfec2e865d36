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

package io.github.distlock.benchmarks;

import java.util.List;

/**
 * A lock store started for the store comparison, and the two ways of locking on it that
 * the comparison measures: the best known peer on that store, then distlock.
 */
interface StoreUnderTest extends AutoCloseable {

	/**
	 * Returns the store's name, as {@code distlock.store} takes it.
	 * @return the name
	 */
	String name();

	/**
	 * Connects the baseline and distlock to the store, under a namespace of their own.
	 * @param namespace first part of every lock's name
	 * @return the baseline, then distlock
	 */
	List<Contender> contenders(String namespace);

	@Override
	void close();

}
