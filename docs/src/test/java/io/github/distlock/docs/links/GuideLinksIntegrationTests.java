package io.github.distlock.docs.links;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The generated guide's links hold: every link between pages names a page and an anchor that
 * exist, every relative link to a file of the repository names one that exists, every external
 * link is well-formed (external links are not fetched: the build may run offline), and the start
 * page links to every page. Run by failsafe after Asciidoctor wrote the pages.
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
