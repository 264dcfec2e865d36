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

import org.jspecify.annotations.Nullable;

/**
 * Thrown at start-up when no {@code LockTemplate} could be built although one is needed:
 * methods use {@code @DistributedLock} but no store could be set up,
 * {@code distlock.store} names a store that is not on the class path, or it is unset
 * while several stores are.
 *
 * @since 0.1.0
 */
public class MissingLockTemplateException extends IllegalStateException {

	private final List<String> methods;

	private final @Nullable String store;

	private final List<String> availableStores;

	/**
	 * Creates an exception naming the guarded methods.
	 * @param methods the methods that use {@code @DistributedLock}
	 */
	public MissingLockTemplateException(List<String> methods) {
		super("@DistributedLock is used on " + String.join(", ", methods)
				+ " but no LockTemplate could be built: no lock store could be set up");
		this.methods = List.copyOf(methods);
		this.store = null;
		this.availableStores = List.of();
	}

	/**
	 * Creates an exception naming the store asked for and those on the class path.
	 * @param methods the methods that use {@code @DistributedLock}, maybe none
	 * @param store the value of {@code distlock.store}
	 * @param availableStores the stores on the class path
	 * @since 0.1.0
	 */
	public MissingLockTemplateException(List<String> methods, String store, List<String> availableStores) {
		super("distlock.store=" + store + " names no store on the class path; available: "
				+ String.join(", ", availableStores));
		this.methods = List.copyOf(methods);
		this.store = store;
		this.availableStores = List.copyOf(availableStores);
	}

	/**
	 * Creates an exception naming the stores on the class path, none of which was chosen.
	 * @param methods the methods that use {@code @DistributedLock}, maybe none
	 * @param presentStores the stores on the class path, more than one
	 */
	public MissingLockTemplateException(List<String> methods, List<String> presentStores) {
		super("distlock.store is unset and several stores are on the class path: " + String.join(", ", presentStores));
		this.methods = List.copyOf(methods);
		this.store = null;
		this.availableStores = List.copyOf(presentStores);
	}

	/**
	 * Returns the methods that use {@code @DistributedLock}.
	 * @return the methods, as {@code SimpleClassName.method(ParameterTypes)}
	 */
	public List<String> getMethods() {
		return this.methods;
	}

	/**
	 * Returns the store that {@code distlock.store} named, when that store is not on the
	 * class path.
	 * @return the store, or {@code null} when the property was not the cause
	 */
	public @Nullable String getStore() {
		return this.store;
	}

	/**
	 * Returns the stores on the class path, when {@link #getStore()} is not among them or
	 * when several are and none was chosen.
	 * @return the stores' names, empty when the stores were not the cause
	 */
	public List<String> getAvailableStores() {
		return this.availableStores;
	}

}
