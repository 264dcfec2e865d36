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

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The generated guide's links hold: every link between pages names a page and an anchor
 * that exist, every relative link to a file of the repository names one that exists,
 * every external link is well-formed (external links are not fetched: the build may run
 * offline), and the start page links to every page. Run by failsafe after Asciidoctor
 * wrote the pages.
 */
class GuideLinksIntegrationTests {

	private LinkChecker checker;

	@BeforeEach
	void readTheGeneratedPages() {
		String pages = System.getProperty("docs.html");
		assumeTrue(pages != null, "run by failsafe, which names the generated pages, after Asciidoctor wrote them");
		this.checker = new LinkChecker(Path.of(pages));
	}

	@Test
	void everyPageWasGenerated() {
		assertThat(this.checker.pages()).hasSizeGreaterThanOrEqualTo(18);
	}

	@Test
	void everyLinkHolds() {
		assertThat(this.checker.problems()).isEmpty();
	}

	@Test
	void theStartPageLinksToEveryPage() {
		assertThat(this.checker.unlinkedFrom(Path.of("index.html"))).isEmpty();
	}

}
