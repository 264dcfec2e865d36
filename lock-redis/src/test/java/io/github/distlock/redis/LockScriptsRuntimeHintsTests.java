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

package io.github.distlock.redis;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Lua scripts are resources of a native image, through the registrars that
 * {@code META-INF/spring/aot.factories} lists, as Spring's AOT processing finds them.
 */
class LockScriptsRuntimeHintsTests {

	@Test
	void everyScriptBesideTheLockerIsARegisteredResource() throws Exception {
		RuntimeHints hints = new RuntimeHints();
		SpringFactoriesLoader.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(hints, getClass().getClassLoader()));
		List<String> scripts = mainScripts();
		assertThat(scripts).contains("acquire.lua", "release.lua", "renew.lua", "fence.lua");
		assertThat(scripts).allSatisfy((script) -> assertThat(
				RuntimeHintsPredicates.resource().forResource("io/github/distlock/redis/" + script))
			.accepts(hints));
	}

	/**
	 * The scripts beside the main classes, not the test resources' scripts of the same
	 * package.
	 */
	private static List<String> mainScripts() throws IOException, URISyntaxException {
		Path directory = Path.of(LockScripts.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.resolve(LockScripts.class.getPackageName().replace('.', '/'));
		try (Stream<Path> files = Files.list(directory)) {
			return files.map((file) -> file.getFileName().toString()).filter((name) -> name.endsWith(".lua")).toList();
		}
	}

}
