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
import java.net.InetSocketAddress;
import java.net.Socket;

import org.springframework.context.aot.AbstractAotProcessor;

/**
 * What the starters of embedded servers ask before they start one.
 */
final class EmbeddedServers {

	private EmbeddedServers() {
	}

	/**
	 * The build's AOT processing prepares the application and never connects to a server.
	 */
	static boolean aotProcessing() {
		return Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING);
	}

	/** Whether something accepts connections on the port of localhost. */
	static boolean listens(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
