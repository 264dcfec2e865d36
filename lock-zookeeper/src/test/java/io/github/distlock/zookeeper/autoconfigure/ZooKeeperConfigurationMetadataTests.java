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

package io.github.distlock.zookeeper.autoconfigure;

import io.github.distlock.autoconfigure.ConfigurationMetadata;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every property of locks on ZooKeeper carries configuration metadata with a description.
 */
class ZooKeeperConfigurationMetadataTests {

	@ParameterizedTest
	@ValueSource(strings = { "distlock.zookeeper.connect-string", "distlock.zookeeper.session-timeout",
			"distlock.zookeeper.connection-timeout", "distlock.zookeeper.tick-time", "distlock.zookeeper.base-path" })
	void propertyIsDescribed(String name) {
		ConfigurationMetadata.assertDescribed(name);
	}

}
