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

package io.github.distlock.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample as the build packages it, its AOT-processed classes run with
 * {@code -Dspring.aot.enabled=true} in a JVM of its own, as Spring Boot runs an
 * application's AOT code on the JVM: it takes its start-up lock, and a purchase in
 * {@code lock} mode goes through the {@code @DistributedLock} proxy generated at build
 * time. Run by failsafe after the package phase, on the jar it names in
 * {@code sample.jar}.
 */
class SeckillApplicationAotIntegrationTests {

	private static final Pattern tomcatPort = Pattern.compile("Tomcat started on port (\\d+)");

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private Process application;

	@AfterEach
	void stopApplication() throws InterruptedException {
		if (this.application != null) {
			this.application.destroy();
			if (!this.application.waitFor(20, TimeUnit.SECONDS)) {
				this.application.destroyForcibly();
			}
		}
	}

	@Test
	void aotProcessedApplicationTakesLocks(@TempDir Path directory) throws IOException {
		Path log = directory.resolve("sample.log");
		this.application = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Dspring.aot.enabled=true", "-jar", System.getProperty("sample.jar"), "--server.port=0",
				"--spring.data.redis.port=" + redis.server().port())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		String output = await().atMost(90, TimeUnit.SECONDS)
			.until(() -> Files.readString(log),
					(text) -> text.contains("distlock is working") || !this.application.isAlive());
		assertThat(output).contains("Starting AOT-processed SeckillApplication")
			.contains("distlock is working: took lock 'sample:startup'");
		RestClient rest = RestClient.create("http://localhost:" + port(output));
		rest.post().uri("/api/goods/7/stock?quantity=1").retrieve().toBodilessEntity();
		Map<String, Object> bought = rest.post()
			.uri("/api/goods/7/purchase?userId=1&mode=lock")
			.retrieve()
			.body(new ParameterizedTypeReference<>() {
			});
		assertThat(bought).containsEntry("success", true).containsEntry("mode", "lock");
	}

	private static int port(String output) {
		Matcher matcher = tomcatPort.matcher(output);
		assertThat(matcher.find()).as("Tomcat's port in the log:%n%s", output).isTrue();
		return Integer.parseInt(matcher.group(1));
	}

}
