package io.github.distlock.redis.autoconfigure;

import io.github.distlock.autoconfigure.ConfigurationMetadata;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every property of locks on Redis carries configuration metadata with a description.
 */
class RedisConfigurationMetadataTests {

	@ParameterizedTest
	@ValueSource(strings = { "distlock.redlock.nodes", "distlock.redlock.node-timeout", "distlock.replica-ack.replicas",
			"distlock.replica-ack.timeout" })
	void propertyIsDescribed(String name) {
		ConfigurationMetadata.assertDescribed(name);
	}

}
