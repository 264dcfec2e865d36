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

package io.github.distlock.core;

/**
 * The name of a lock, for tags of metrics and observations: the part of its identity
 * before the first {@code ':'} ({@code goods} of {@code goods:42}), never its key, whose
 * values are unbounded. The key is the rest ({@code 42}), or the whole identity when it
 * has no name.
 *
 * @since 0.1.0
 */
public final class LockNames {

	/** The name of a lock whose identity has no {@code ':'}. */
	public static final String UNNAMED = "unnamed";

	private LockNames() {
	}

	/**
	 * Returns the lock's name.
	 * @param key the lock's identity
	 * @return the part before the first {@code ':'}, or {@link #UNNAMED}
	 */
	public static String nameOf(String key) {
		int colon = key.indexOf(':');
		return (colon > 0) ? key.substring(0, colon) : UNNAMED;
	}

	/**
	 * Returns the lock's key within its name.
	 * @param identity the lock's identity
	 * @return the part after the first {@code ':'}, or the whole identity when it has no
	 * name
	 */
	public static String keyOf(String identity) {
		int colon = identity.indexOf(':');
		return (colon > 0) ? identity.substring(colon + 1) : identity;
	}

	/**
	 * Returns the identity of the lock with the given name and key, as {@link #nameOf}
	 * and {@link #keyOf} split it.
	 * @param name the lock's name, or {@link #UNNAMED}
	 * @param key its key within the name
	 * @return the lock's identity
	 */
	public static String identity(String name, String key) {
		return name.equals(UNNAMED) ? key : name + ":" + key;
	}

}
