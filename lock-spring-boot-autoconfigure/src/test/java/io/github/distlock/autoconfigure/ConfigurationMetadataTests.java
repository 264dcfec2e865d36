package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every property carries configuration metadata with a description, so IDEs complete and
 * document it.
 */
class ConfigurationMetadataTests {

	@ParameterizedTest
	@ValueSource(strings = { "distlock.enabled", "distlock.key-prefix", "distlock.wait", "distlock.order",
			"distlock.watchdog.lease", "distlock.watchdog.renew-interval", "distlock.watchdog.max-hold", "distlock.store",
			"distlock.redlock.nodes", "distlock.redlock.node-timeout", "distlock.replica-ack.replicas",
			"distlock.replica-ack.timeout" })
	void propertyIsDescribed(String name) throws IOException {
		String metadata = metadata();
		Matcher entry = Pattern.compile("\\{[^{}]*\"name\": \"" + Pattern.quote(name) + "\"[^{}]*}").matcher(metadata);
		assertThat(entry.find()).as("metadata of %s", name).isTrue();
		assertThat(entry.group()).containsPattern("\"description\": \"[A-Z][^\"]+\\.\"");
	}

	@Test
	void storesAreHinted() throws IOException {
		assertThat(metadata()).contains("\"value\": \"redis\"").contains("\"value\": \"in-memory\"");
	}

	private static String metadata() throws IOException {
		return new ClassPathResource("META-INF/spring-configuration-metadata.json").getContentAsString(StandardCharsets.UTF_8);
	}

}
