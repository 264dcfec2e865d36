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

package io.github.distlock.docs.troubleshooting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every message the troubleshooting page quotes is one the code writes: each part of a
 * quote between its {@code <...>} placeholders (and {@code ...} elisions) is made of
 * string literals of one source file of the stores and the core, as the code joins them
 * with its variables.
 */
class TroubleshootingQuotesTests {

	private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

	private static final Pattern LISTING = Pattern.compile("(?ms)^----\\n(.*?)\\n----$");

	private static final Pattern ITEM = Pattern.compile("(?m)^\\* `([^`]+)`");

	private static final Pattern GAP = Pattern.compile("<[^>]*>|\\.\\.\\.");

	private final Path repo = Path.of(System.getProperty("docs.repo", ".."));

	@Test
	void everyQuotedMessageIsWrittenByTheCode() throws IOException {
		List<List<String>> sources = sources();
		List<String> quotes = quotes();
		assertThat(quotes).hasSizeGreaterThan(40);
		List<String> unknown = new ArrayList<>();
		for (String quote : quotes) {
			for (String part : GAP.split(quote)) {
				if (part.strip().length() >= 6 && sources.stream().noneMatch((literals) -> composes(part, literals))) {
					unknown.add(part + "   (in: " + quote + ")");
				}
			}
		}
		assertThat(unknown).isEmpty();
	}

	@Test
	void aPartIsMadeOfLiteralsAsTheCodeJoinsThem() {
		List<String> literals = List.of("Could not ", "acquire", " lock '", "': the store failed");
		assertThat(composes("Could not acquire lock '", literals)).isTrue();
		assertThat(composes("not acquire lock", literals)).isTrue();
		assertThat(composes("' lock the store failed", literals)).isFalse();
		assertThat(composes("Could not release lock '", literals)).isFalse();
	}

	private List<String> quotes() throws IOException {
		String page = Files.readString(this.repo.resolve("docs/src/docs/asciidoc/troubleshooting.adoc"));
		List<String> quotes = new ArrayList<>();
		Matcher listing = LISTING.matcher(page);
		while (listing.find()) {
			quotes.addAll(listing.group(1).lines().toList());
		}
		Matcher item = ITEM.matcher(page);
		while (item.find()) {
			quotes.add(item.group(1));
		}
		return quotes;
	}

	private List<List<String>> sources() throws IOException {
		try (Stream<Path> files = Files.walk(this.repo)) {
			return files.filter((file) -> file.toString().endsWith(".java"))
				.filter((file) -> file.toString().contains("/src/main/java/"))
				.filter((file) -> this.repo.relativize(file).toString().startsWith("lock-"))
				.map(TroubleshootingQuotesTests::literals)
				.toList();
		}
	}

	private static List<String> literals(Path file) {
		try {
			List<String> literals = new ArrayList<>();
			Matcher literal = LITERAL.matcher(Files.readString(file));
			while (literal.find()) {
				literals.add(literal.group(1).replace("\\\"", "\"").replace("\\n", "\n"));
			}
			return literals;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Whether the text is the end of one literal, followed by whole literals, followed by
	 * the start of one (or lies within one literal).
	 */
	static boolean composes(String text, List<String> literals) {
		boolean[] reachable = new boolean[text.length() + 1];
		for (String literal : literals) {
			if (literal.contains(text)) {
				return true;
			}
			for (int split = 1; split <= Math.min(literal.length(), text.length()); split++) {
				if (literal.endsWith(text.substring(0, split))) {
					reachable[split] = true;
				}
			}
		}
		for (int at = 1; at < text.length(); at++) {
			if (!reachable[at]) {
				continue;
			}
			String rest = text.substring(at);
			for (String literal : literals) {
				if (literal.isEmpty()) {
					continue;
				}
				if (rest.startsWith(literal)) {
					reachable[at + literal.length()] = true;
				}
				else if (literal.startsWith(rest)) {
					return true;
				}
			}
		}
		return reachable[text.length()];
	}

}
