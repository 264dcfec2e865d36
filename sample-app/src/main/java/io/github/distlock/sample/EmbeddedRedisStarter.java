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
import java.io.UncheckedIOException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import redis.embedded.RedisServer;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Starts an embedded Redis on localhost when the application configures no Redis of its
 * own ({@code spring.data.redis.*}) and nothing listens on the default port, so the demo
 * runs on a machine with no Redis. A second instance started the same way finds it and
 * joins the first.
 */
final class EmbeddedRedisStarter implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

	static final int DEFAULT_PORT = 6379;

	private static final Log logger = LogFactory.getLog(EmbeddedRedisStarter.class);

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		if (!EmbeddedServers.aotProcessing() && !configuresRedis(event.getEnvironment())) {
			startIfUnreachable(DEFAULT_PORT);
		}
	}

	/**
	 * Starts an embedded Redis on the port unless something already listens there.
	 * @return the started server (stopped when the JVM exits), or {@code null} if one was
	 * running
	 */
	static @Nullable RedisServer startIfUnreachable(int port) {
		if (EmbeddedServers.listens(port)) {
			logger.info("Using the Redis already listening on localhost:" + port);
			return null;
		}
		try {
			RedisServer server = RedisServer.newRedisServer().port(port).bind("127.0.0.1").setting("save \"\"").build();
			server.start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> stopQuietly(server), "embedded-redis-stop"));
			logger.info("No Redis configured or running: started an embedded Redis on localhost:" + port);
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start an embedded Redis on port " + port, ex);
		}
	}

	private static boolean configuresRedis(ConfigurableEnvironment environment) {
		return environment.containsProperty("spring.data.redis.host")
				|| environment.containsProperty("spring.data.redis.port")
				|| environment.containsProperty("spring.data.redis.url")
				|| environment.containsProperty("spring.data.redis.sentinel.master")
				|| environment.containsProperty("spring.data.redis.cluster.nodes");
	}

	private static void stopQuietly(RedisServer server) {
		try {
			server.stop();
		}
		catch (IOException ex) {
			// the JVM is exiting; the server process goes with it
		}
	}

}
