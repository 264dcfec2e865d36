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

package io.github.distlock.core;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.jspecify.annotations.Nullable;

/**
 * Names this instance in the locks it takes, so that an operator of any instance can tell
 * who holds a lock: {@code orders (pid 4242 on web-1)}.
 *
 * @since 0.1.0
 */
public final class InstanceNames {

	private InstanceNames() {
	}

	/**
	 * Returns the name of this process.
	 * @param applicationName the application's name ({@code spring.application.name}), or
	 * {@code null}
	 * @return the application's name, pid and host
	 */
	public static String thisProcess(@Nullable String applicationName) {
		String process = "pid " + ProcessHandle.current().pid() + " on " + HostName.VALUE;
		return (applicationName != null && !applicationName.isBlank()) ? applicationName + " (" + process + ")"
				: process;
	}

	/**
	 * The host's name, looked up once: from the environment first, as containers set it
	 * (a pod's name in Kubernetes), since a lookup by address can wait for a slow DNS.
	 */
	private static final class HostName {

		static final String VALUE = lookUp();

		private static String lookUp() {
			for (String variable : new String[] { "HOSTNAME", "COMPUTERNAME" }) {
				String name = System.getenv(variable);
				if (name != null && !name.isBlank()) {
					return name;
				}
			}
			try {
				return InetAddress.getLocalHost().getHostName();
			}
			catch (UnknownHostException ex) {
				return "an unknown host";
			}
		}

	}

}
