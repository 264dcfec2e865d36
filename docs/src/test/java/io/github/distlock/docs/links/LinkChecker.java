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
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Checks the links of a folder of generated HTML pages: a link to a page of the folder
 * must name a page that exists and, with a fragment, an anchor of that page; a relative
 * link out of the folder (to a file of the repository) must name a file or folder that
 * exists; an {@code http} or {@code https} link must be a well-formed absolute URI with a
 * host. External links are not fetched.
 */
public final class LinkChecker {

	private final Path root;

	private final Map<Path, Set<String>> anchors = new HashMap<>();

	private final Map<Path, Document> pages = new HashMap<>();

	/**
	 * Creates a checker of the pages in the given folder.
	 * @param root the folder of generated HTML pages
	 */
	public LinkChecker(Path root) {
		this.root = root.toAbsolutePath().normalize();
		try (Stream<Path> files = Files.walk(this.root)) {
			files.filter((file) -> file.toString().endsWith(".html")).forEach(this::read);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Returns the pages read, by path. */
	public Set<Path> pages() {
		return this.pages.keySet();
	}

	/**
	 * Returns every problem found, one line each, naming the page and the link.
	 * @return the problems, empty when every link holds
	 */
	public List<String> problems() {
		List<String> problems = new ArrayList<>();
		this.pages.forEach((page, document) -> {
			for (Element link : document.select("a[href], link[href], img[src], script[src]")) {
				String target = link.hasAttr("href") ? link.attr("href") : link.attr("src");
				String problem = check(page, target);
				if (problem != null) {
					problems.add(this.root.relativize(page) + ": " + target + ": " + problem);
				}
			}
		});
		problems.sort(null);
		return problems;
	}

	/**
	 * Returns the pages that no other page links to, the given start page aside.
	 * @param start the page readers start from
	 * @return the pages it cannot lead to in one step
	 */
	public Set<Path> unlinkedFrom(Path start) {
		Path from = this.root.resolve(start).normalize();
		Set<Path> linked = new HashSet<>();
		for (Element link : this.pages.get(from).select("a[href]")) {
			String href = link.attr("href");
			if (!isExternal(href) && !href.startsWith("#")) {
				linked.add(from.getParent().resolve(decode(withoutFragment(href))).normalize());
			}
		}
		Set<Path> unlinked = new HashSet<>(this.pages.keySet());
		unlinked.removeAll(linked);
		unlinked.remove(from);
		return unlinked;
	}

	private void read(Path file) {
		try {
			Document document = Jsoup.parse(file.toFile(), StandardCharsets.UTF_8.name());
			Path page = file.toAbsolutePath().normalize();
			this.pages.put(page, document);
			Set<String> ids = new HashSet<>();
			document.select("[id]").forEach((element) -> ids.add(element.id()));
			document.select("a[name]").forEach((element) -> ids.add(element.attr("name")));
			this.anchors.put(page, ids);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private String check(Path page, String target) {
		if (target.isEmpty()) {
			return "empty link";
		}
		if (isExternal(target)) {
			return checkExternal(target);
		}
		if (target.startsWith("mailto:") || target.startsWith("data:")) {
			return null;
		}
		if (target.contains("://")) {
			return "unexpected scheme";
		}
		String fragment = fragmentOf(target);
		String path = withoutFragment(target);
		Path resolved = path.isEmpty() ? page : page.getParent().resolve(decode(path)).normalize();
		if (!Files.exists(resolved)) {
			return "no such file: " + resolved;
		}
		if (fragment == null || fragment.isEmpty() || fragment.equals("top")) {
			return null;
		}
		Set<String> ids = this.anchors.get(resolved);
		if (ids == null) {
			return null;
		}
		return ids.contains(decode(fragment)) ? null
				: "no anchor '" + fragment + "' in " + this.root.relativize(resolved);
	}

	private static boolean isExternal(String target) {
		return target.startsWith("http://") || target.startsWith("https://") || target.startsWith("//");
	}

	private static String checkExternal(String target) {
		try {
			URI uri = new URI(target.startsWith("//") ? "https:" + target : target);
			if (uri.getHost() == null || uri.getHost().isBlank()) {
				return "no host";
			}
			return null;
		}
		catch (URISyntaxException ex) {
			return "malformed: " + ex.getMessage();
		}
	}

	private static String fragmentOf(String target) {
		int hash = target.indexOf('#');
		return (hash >= 0) ? target.substring(hash + 1) : null;
	}

	private static String withoutFragment(String target) {
		int hash = target.indexOf('#');
		return (hash >= 0) ? target.substring(0, hash) : target;
	}

	private static String decode(String text) {
		return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
	}

}
