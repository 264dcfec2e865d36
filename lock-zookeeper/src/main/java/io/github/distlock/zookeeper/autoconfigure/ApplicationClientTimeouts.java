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

package io.github.distlock.zookeeper.autoconfigure;

import java.time.Duration;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The timeouts of {@code distlock.zookeeper.*} that only the locker's own client uses: on
 * the application's {@code CuratorFramework} they are ignored, so an application that
 * sets them is told once, at start-up, which client's settings apply.
 */
final class ApplicationClientTimeouts {

	private static final List<String> OWN_CLIENT_ONLY = List.of("distlock.zookeeper.session-timeout",
			"distlock.zookeeper.connection-timeout");

	private static final Log logger = LogFactory.getLog(ApplicationClientTimeouts.class);

	private ApplicationClientTimeouts() {
	}

	/**
	 * Warns when locks use the application's client though the own client's timeouts are
	 * set.
	 */
	static void warnIfSet(Environment environment) {
		Binder binder = Binder.get(environment);
		List<String> set = OWN_CLIENT_ONLY.stream()
			.filter((name) -> binder.bind(name, Bindable.of(Duration.class)).isBound())
			.toList();
		if (!set.isEmpty()) {
			logger.warn(String.join(" and ", set) + " ignored: locks use the application's CuratorFramework, "
					+ "whose own session and connection timeouts apply. Set them on that client, or remove "
					+ ((set.size() == 1) ? "this property" : "these properties") + ".");
		}
	}

}
