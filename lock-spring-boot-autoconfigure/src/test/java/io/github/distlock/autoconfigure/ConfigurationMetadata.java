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
	 * Returns the metadata of the module under test: the first on the class path, its
	 * own.
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
