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

package io.github.distlock.benchmarks;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The classpath for child JVMs: the one this harness was loaded from. Under
 * {@code mvn exec:java} the harness runs in Maven's JVM, whose {@code java.class.path}
 * holds only Maven's launcher, so the project's classpath is read from the class loader
 * exec:java made.
 */
final class ChildClasspath {

	private ChildClasspath() {
	}

	/**
	 * Returns the classpath that loaded the harness.
	 * @return entries joined with the platform's path separator
	 */
	static String current() {
		List<String> entries = new ArrayList<>();
		for (ClassLoader loader = ChildClasspath.class.getClassLoader(); loader != null; loader = loader.getParent()) {
			if (loader instanceof URLClassLoader urls && loader != ClassLoader.getSystemClassLoader()) {
				for (URL url : urls.getURLs()) {
					if ("file".equals(url.getProtocol())) {
						entries.add(path(url));
					}
				}
				break;
			}
		}
		if (entries.isEmpty()) {
			return System.getProperty("java.class.path");
		}
		return String.join(File.pathSeparator, entries);
	}

	private static String path(URL url) {
		try {
			return Path.of(url.toURI()).toString();
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException("Unusable classpath entry " + url, ex);
		}
	}

}
