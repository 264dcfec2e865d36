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

package io.github.distlock.jdbc;

/**
 * The lock table's name of each lock: {@code distlock.key-prefix}, a colon and the lock's
 * identity, at most {@link #MAX_LENGTH} characters, as the column takes.
 */
final class LockNames {

	static final int MAX_LENGTH = 255;

	private final String prefix;

	LockNames(String keyPrefix) {
		if (keyPrefix.isBlank()) {
			throw new IllegalArgumentException(
					"The key prefix of distributed locks must not be blank; set distlock.key-prefix");
		}
		this.prefix = keyPrefix + ":";
	}

	String of(String key) {
		String name = this.prefix + key;
		if (name.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("Lock '" + key + "' has a name of " + name.length()
					+ " characters in the lock table, whose lock_name column takes " + MAX_LENGTH
					+ "; use a shorter key or key prefix");
		}
		return name;
	}

	/** The lock's identity, from its name in the table. */
	String keyOf(String name) {
		return name.substring(this.prefix.length());
	}

	boolean isOurs(String name) {
		return name.startsWith(this.prefix);
	}

}
