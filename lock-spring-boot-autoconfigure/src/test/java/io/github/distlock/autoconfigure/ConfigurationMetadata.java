package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.core.io.ClassPathResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata that the module under test generates, as IDEs read it.
 */
public final class ConfigurationMetadata {

	private ConfigurationMetadata() {
	}

	/**
	 * Asserts that the module's metadata describes the property in a sentence.
	 * @param name the property's name
	 */
	public static void assertDescribed(String name) {
		Matcher entry = Pattern.compile("\\{[^{}]*\"name\": \"" + Pattern.quote(name) + "\"[^{}]*}").matcher(read());
		assertThat(entry.find()).as("metadata of %s", name).isTrue();
		assertThat(entry.group()).containsPattern("\"description\": \"[A-Z][^\"]+\\.\"");
	}

	/**
	 * Returns the metadata of the module under test: the first on the class path, its own.
	 * @return the metadata's JSON
	 */
	public static String read() {
		try {
			return new ClassPathResource("META-INF/spring-configuration-metadata.json")
				.getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
