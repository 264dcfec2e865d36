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

package io.github.distlock.docs.links;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The link checker finds each kind of broken link, and passes links that hold.
 */
class LinkCheckerTests {

	@TempDir
	Path repo;

	@Test
	void passesLinksThatHold() throws IOException {
		Path site = site("<a href=\"#here\">a</a><a href=\"b.html#there\">b</a><a href=\"../README.md\">r</a>"
				+ "<a href=\"https://github.com/distlock/distlock\">gh</a><h2 id=\"here\">x</h2>");
		assertThat(new LinkChecker(site).problems()).isEmpty();
	}

	@Test
	void findsAMissingPage() throws IOException {
		Path site = site("<a href=\"c.html\">c</a>");
		assertThat(new LinkChecker(site).problems()).singleElement().asString().contains("c.html: no such file");
	}

	@Test
	void findsAMissingAnchorInTheSamePage() throws IOException {
		Path site = site("<a href=\"#nowhere\">n</a>");
		assertThat(new LinkChecker(site).problems()).singleElement().asString().contains("no anchor 'nowhere'");
	}

	@Test
	void findsAMissingAnchorInAnotherPage() throws IOException {
		Path site = site("<a href=\"b.html#nowhere\">n</a>");
		assertThat(new LinkChecker(site).problems()).singleElement()
			.asString()
			.contains("no anchor 'nowhere' in b.html");
	}

	@Test
	void findsAMissingRepositoryFile() throws IOException {
		Path site = site("<a href=\"../NOPE.md\">n</a>");
		assertThat(new LinkChecker(site).problems()).singleElement().asString().contains("NOPE.md: no such file");
	}

	@Test
	void findsAMalformedExternalLink() throws IOException {
		Path site = site("<a href=\"https://exa mple.com/\">n</a><a href=\"https:///path\">m</a>");
		assertThat(new LinkChecker(site).problems()).hasSize(2);
	}

	@Test
	void findsAPageTheStartPageDoesNotLinkTo() throws IOException {
		Path site = site("<a href=\"#here\">a</a><h2 id=\"here\">x</h2>");
		assertThat(new LinkChecker(site).unlinkedFrom(Path.of("a.html"))).containsExactly(site.resolve("b.html"));
	}

	private Path site(String body) throws IOException {
		Files.writeString(this.repo.resolve("README.md"), "# readme");
		Path site = Files.createDirectories(this.repo.resolve("site"));
		Files.writeString(site.resolve("a.html"), "<html><body>" + body + "</body></html>");
		Files.writeString(site.resolve("b.html"), "<html><body><h2 id=\"there\">b</h2></body></html>");
		return site;
	}

}
