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
		assertThat(scripts).allSatisfy((script) -> assertThat(RuntimeHintsPredicates.resource()
			.forResource("io/github/distlock/redis/" + script)).accepts(hints));
	}

	/** The scripts beside the main classes, not the test resources' scripts of the same package. */
	private static List<String> mainScripts() throws IOException, URISyntaxException {
		Path directory = Path.of(LockScripts.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.resolve(LockScripts.class.getPackageName().replace('.', '/'));
		try (Stream<Path> files = Files.list(directory)) {
			return files.map((file) -> file.getFileName().toString()).filter((name) -> name.endsWith(".lua")).toList();
		}
	}

}
