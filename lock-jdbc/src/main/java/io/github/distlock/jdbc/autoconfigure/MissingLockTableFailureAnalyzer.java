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

package io.github.distlock.jdbc.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a {@link MissingLockTableException}: the DDL that creates the lock table for
 * the detected database, and the property that creates it at start-up.
 */
final class MissingLockTableFailureAnalyzer extends AbstractFailureAnalyzer<MissingLockTableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingLockTableException cause) {
		String action = "Create the table, for example in a Flyway or Liquibase migration, with:\n\n" + cause.getDdl()
				+ ";\n\n(the lock-jdbc jar holds it as " + cause.getDatabase().schemaLocation()
				+ "), or set distlock.jdbc.initialize-schema=always to create it at start-up.";
		return new FailureAnalysis(cause.getMessage() + ".", action, cause);
	}

}
