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

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP address that forwards to one server and can be moved to another, dropping its
 * connections, as a cloud "primary endpoint" or a DNS name does on a failover. Its
 * threads are daemons; {@link #close()} ends them.
 */
final class MovableEndpoint implements AutoCloseable {

	private static final int CONNECT_TIMEOUT_MILLIS = 2000;

	private final ServerSocket listener;

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	private volatile int targetPort;

	private MovableEndpoint(ServerSocket listener, int targetPort) {
		this.listener = listener;
		this.targetPort = targetPort;
	}

	/**
	 * Opens an endpoint on a free loopback port that forwards to {@code targetPort} on
	 * the loopback interface.
	 */
	static MovableEndpoint to(int targetPort) {
		try {
			MovableEndpoint endpoint = new MovableEndpoint(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()),
					targetPort);
			daemon("movable-endpoint-accept", endpoint::accept);
			return endpoint;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	int port() {
		return this.listener.getLocalPort();
	}

	/** Leads new connections to {@code targetPort}, and drops those open now. */
	void moveTo(int targetPort) {
		this.targetPort = targetPort;
		this.sockets.forEach(MovableEndpoint::closeQuietly);
	}

	private void accept() {
		while (!this.listener.isClosed()) {
			try {
				Socket client = this.listener.accept();
				Socket server = new Socket();
				this.sockets.add(client);
				this.sockets.add(server);
				server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.targetPort),
						CONNECT_TIMEOUT_MILLIS);
				daemon("movable-endpoint-up", () -> pump(client, server));
				daemon("movable-endpoint-down", () -> pump(server, client));
			}
			catch (IOException ex) {
				// Closed, or the target is down: the client connects again.
			}
		}
	}

	private void pump(Socket from, Socket to) {
		byte[] buffer = new byte[8192];
		try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
			for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
				out.write(buffer, 0, n);
				out.flush();
			}
		}
		catch (IOException ex) {
			// Closed from either side.
		}
		finally {
			closeQuietly(from);
			closeQuietly(to);
			this.sockets.remove(from);
			this.sockets.remove(to);
		}
	}

	private static void daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// Closing anyway.
		}
	}

	@Override
	public void close() {
		closeQuietly(this.listener);
		this.sockets.forEach(MovableEndpoint::closeQuietly);
	}

}
