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
			"distlock.watchdog.lease", "distlock.watchdog.renew-interval", "distlock.watchdog.max-hold", "distlock.store",
			"distlock.health.timeout" })
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
