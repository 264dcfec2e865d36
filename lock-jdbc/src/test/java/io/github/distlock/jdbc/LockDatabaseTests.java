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

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * MariaDB's version as either driver reports it: 10.5 or later is taken, older is refused
 * (there is no older MariaDB to start here, so the versions are given as their drivers
 * report them).
 */
class LockDatabaseTests {

	@ParameterizedTest
	@ValueSource(strings = { "10.4.32-MariaDB-log", "5.5.5-10.4.32-MariaDB", "10.3.39-MariaDB-0+deb10u1" })
	void mariaDbOlderThan105IsRefused(String version) {
		assertThatIllegalStateException().isThrownBy(() -> LockDatabase.checkMariaDbVersion(version))
			.withMessageContaining("MariaDB has from 10.5");
	}

	@ParameterizedTest
	@ValueSource(strings = { "10.5.0-MariaDB", "10.11.6-MariaDB-0+deb12u1", "5.5.5-10.11.6-MariaDB", "11.4.2-MariaDB" })
	void mariaDb105OrLaterIsTaken(String version) {
		assertThatNoException().isThrownBy(() -> LockDatabase.checkMariaDbVersion(version));
	}

}
