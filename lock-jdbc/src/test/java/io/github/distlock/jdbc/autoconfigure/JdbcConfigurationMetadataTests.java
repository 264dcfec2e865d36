package io.github.distlock.jdbc.autoconfigure;

import io.github.distlock.autoconfigure.ConfigurationMetadata;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every property of locks in a database table carries configuration metadata with a description.
 */
class JdbcConfigurationMetadataTests {

	@ParameterizedTest
	@ValueSource(strings = { "distlock.jdbc.table-name", "distlock.jdbc.initialize-schema", "distlock.jdbc.timeout" })
	void propertyIsDescribed(String name) {
		ConfigurationMetadata.assertDescribed(name);
	}

}
