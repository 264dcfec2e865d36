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

package io.github.distlock.zookeeper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Free loopback ports, distinct from each other: each is held open until all are picked,
 * where Curator's {@code InstanceSpec} picks one at a time and can give one server the
 * same port twice.
 */
final class FreePorts {

	private FreePorts() {
	}

	static int[] distinct(int count) {
		List<ServerSocket> held = new ArrayList<>(count);
		try {
			int[] ports = new int[count];
			for (int i = 0; i < count; i++) {
				ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
				held.add(socket);
				ports[i] = socket.getLocalPort();
			}
			return ports;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			held.forEach(FreePorts::close);
		}
	}

	private static void close(ServerSocket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// picked already
		}
	}

}
