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
