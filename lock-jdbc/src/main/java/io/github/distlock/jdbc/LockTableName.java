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

import java.util.regex.Pattern;

/**
 * The check of a lock table's name, which the statements contain as written and
 * PostgreSQL's notices use as their channel: an identifier, optionally after a schema's,
 * that a channel holds whole (PostgreSQL keeps 63 bytes of a name).
 *
 * @since 0.1.0
 */
public final class LockTableName {

	private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private static final int MAX_LENGTH = 63;

	private LockTableName() {
	}

	/**
	 * Returns the name when it is one.
	 * @param name the lock table's name, for example {@code distlock_locks} or
	 * {@code locks.distlock_locks}
	 * @return the name
	 * @throws IllegalArgumentException when it is not
	 */
	public static String checked(String name) {
		if (name.length() > MAX_LENGTH || !NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("'" + name + "' is not a lock table's name: letters, digits and "
					+ "underscores, not starting with a digit, optionally after a schema's name and a dot, at most "
					+ MAX_LENGTH + " characters in all");
		}
		return name;
	}

}
