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
 * A TCP proxy on a free loopback port that forwards bytes both ways until it is
 * {@link #cut()}: from then on it drops everything it reads, both ways and on new
 * connections too, and closes nothing, as a network partition does (the peers notice only
 * by their own timeouts). ZooKeeper's protocols are binary, so this proxy reads nothing
 * in what it forwards.
 */
final class PartitionProxy implements AutoCloseable {

	private final ServerSocket listener;

	private final InetSocketAddress target;

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	private volatile boolean cut;

	private PartitionProxy(ServerSocket listener, InetSocketAddress target) {
		this.listener = listener;
		this.target = target;
	}

	/** Starts a proxy in front of {@code 127.0.0.1:targetPort}. */
	static PartitionProxy start(int targetPort) {
		try {
			ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
			PartitionProxy proxy = new PartitionProxy(listener,
					new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
			daemon("partition-proxy-" + listener.getLocalPort(), proxy::accept);
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	int port() {
		return this.listener.getLocalPort();
	}

	/** From now on nothing gets through, either way. */
	void cut() {
		this.cut = true;
	}

	private void accept() {
		while (!this.listener.isClosed()) {
			try {
				Socket client = this.listener.accept();
				Socket server = new Socket();
				this.sockets.add(client);
				this.sockets.add(server);
				if (!this.cut) {
					server.connect(this.target, 5_000);
				}
				daemon("partition-proxy-up", () -> pump(client, server));
				daemon("partition-proxy-down", () -> pump(server, client));
			}
			catch (IOException ex) {
				// the listener closed, or one connection failed; the loop tells which
			}
		}
	}

	/**
	 * Copies {@code from} to {@code to} until either closes, dropping what is read once
	 * cut.
	 */
	private void pump(Socket from, Socket to) {
		byte[] buffer = new byte[8192];
		try {
			InputStream in = from.getInputStream();
			while (true) {
				int read = in.read(buffer);
				if (read < 0) {
					break;
				}
				if (!this.cut) {
					OutputStream out = to.getOutputStream();
					out.write(buffer, 0, read);
					out.flush();
				}
			}
		}
		catch (IOException ex) {
			// closed on either side
		}
		if (!this.cut) {
			closeQuietly(from);
			closeQuietly(to);
		}
	}

	private static void daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
	}

	private static void closeQuietly(AutoCloseable closeable) {
		try {
			closeable.close();
		}
		catch (Exception ex) {
			// closing anyway
		}
	}

	@Override
	public void close() {
		closeQuietly(this.listener);
		this.sockets.forEach(PartitionProxy::closeQuietly);
	}

}
