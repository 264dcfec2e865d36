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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every property carries configuration metadata with a description, so IDEs complete and
 * document it.
 */
class ConfigurationMetadataTests {

	@ParameterizedTest
	@ValueSource(strings = { "distlock.enabled", "distlock.key-prefix", "distlock.wait", "distlock.order",
			"distlock.watchdog.lease", "distlock.watchdog.renew-interval", "distlock.watchdog.max-hold",
			"distlock.store", "distlock.health.timeout" })
	void propertyIsDescribed(String name) {
		ConfigurationMetadata.assertDescribed(name);
	}

	@Test
	void storesAreHinted() {
		assertThat(ConfigurationMetadata.read()).contains("\"value\": \"redis\"")
			.contains("\"value\": \"jdbc\"")
			.contains("\"value\": \"zookeeper\"")
			.contains("\"value\": \"in-memory\"");
	}

}
