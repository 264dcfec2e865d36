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
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.test.TestingServer;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * With {@code distlock.store=zookeeper} and no {@code distlock.zookeeper.connect-string},
 * starts a ZooKeeper server in this JVM (Curator's {@code TestingServer}) on
 * localhost:2181 unless one listens there already, and points the locks at it: the demo
 * runs on a machine with no ZooKeeper, and a second instance started the same way joins
 * the first.
 */
final class EmbeddedZooKeeperStarter implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

	static final int DEFAULT_PORT = 2181;

	private static final String CONNECT_STRING = "distlock.zookeeper.connect-string";

	private static final Log logger = LogFactory.getLog(EmbeddedZooKeeperStarter.class);

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		ConfigurableEnvironment environment = event.getEnvironment();
		if (EmbeddedServers.aotProcessing() || !"zookeeper".equals(environment.getProperty("distlock.store"))
				|| environment.containsProperty(CONNECT_STRING)) {
			return;
		}
		startIfUnreachable(DEFAULT_PORT);
		environment.getPropertySources()
			.addFirst(new MapPropertySource("embeddedZooKeeper", Map.of(CONNECT_STRING, "127.0.0.1:" + DEFAULT_PORT)));
	}

	private static void startIfUnreachable(int port) {
		if (EmbeddedServers.listens(port)) {
			logger.info("Using the ZooKeeper already listening on localhost:" + port);
			return;
		}
		try {
			TestingServer server = new TestingServer(port, true);
			Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(server), "embedded-zookeeper-stop"));
			logger.info("No ZooKeeper configured or running: started one in this JVM on localhost:" + port);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not start an embedded ZooKeeper on port " + port, ex);
		}
	}

	private static void closeQuietly(TestingServer server) {
		try {
			server.close();
		}
		catch (IOException ex) {
			// the JVM is exiting; the server goes with it
		}
	}

}
