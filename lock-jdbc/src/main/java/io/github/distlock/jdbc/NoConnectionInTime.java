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

import java.io.Serial;
import java.sql.SQLTransientConnectionException;

import org.jspecify.annotations.Nullable;

/**
 * No connection came from the data source within the caller's bound; says why, as far as
 * the pool can tell: all its connections in use, or none could be opened.
 */
final class NoConnectionInTime extends SQLTransientConnectionException {

	@Serial
	private static final long serialVersionUID = 1L;

	private final String reason;

	NoConnectionInTime(String reason, @Nullable Throwable cause) {
		super(reason, cause);
		this.reason = reason;
	}

	/**
	 * Why no connection came: the pool exhausted, the database unreachable, or either.
	 */
	String reason() {
		return this.reason;
	}

}
