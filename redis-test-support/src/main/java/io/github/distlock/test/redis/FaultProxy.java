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

package io.github.distlock.test.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * A TCP proxy between a Redis client and a real {@code redis-server} that injects faults,
 * for tests. It listens on a free loopback port and forwards everything both ways until
 * told otherwise:
 * <ul>
 * <li>{@link #cutAfterNext(String)}: the server runs the next such command, and the
 * client's connection is closed before it gets the reply. Lettuce, which reconnects by
 * default, then sends the unanswered command again, so it runs twice.</li>
 * <li>{@link #stall(Duration)}: nothing moves for a while, as in a network partition;
 * then everything held is delivered in order.</li>
 * <li>{@link #dropReplies(Duration)}: the server runs commands but whole replies are
 * lost.</li>
 * <li>{@link #delayNewConnections(Duration)}: connections opened from then on forward
 * nothing for a while, as a slow handshake would.</li>
 * <li>{@link #holdRepliesAfterNext(Predicate, Duration)}: one connection, the one that
 * sends a given command, gets no replies for a while; then they are delivered in
 * order.</li>
 * </ul>
 * Faults other than a hold apply to every connection, also to those opened later (a
 * client usually has one for commands and one for pub/sub). Commands from the client must
 * be RESP arrays (inline commands are not supported). Every thread is a daemon named
 * {@code fault-proxy-<port>-...}; {@link #close()} ends them all.
 *
 * <pre class="code">
 * try (FaultProxy proxy = FaultProxy.start(redis.server())) {
 *     RedisClient client = RedisClient.create(proxy.uri());
 *     CompletableFuture&lt;Void&gt; cut = proxy.cutAfterNext("EVALSHA");
 *     ...
 * }
 * </pre>
 */
public final class FaultProxy implements AutoCloseable {

	private static final String HOST = "127.0.0.1";

	private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

	private final ServerSocket listener;

	private final InetSocketAddress target;

	private final Faults faults = new Faults();

	private final Set<ProxiedConnection> connections = ConcurrentHashMap.newKeySet();

	private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

	private final AtomicInteger connectionCount = new AtomicInteger();

	private volatile boolean closed;

	private FaultProxy(ServerSocket listener, InetSocketAddress target) {
		this.listener = listener;
		this.target = target;
	}

	/**
	 * Starts a proxy in front of a server started by {@link RedisServer}.
	 * @param server the server
	 * @return the running proxy
	 */
	public static FaultProxy start(RedisServer server) {
		return start(server.host(), server.port());
	}

	/**
	 * Starts a proxy on a free loopback port in front of a Redis server.
	 * @param targetHost the server's host
	 * @param targetPort the server's port
	 * @return the running proxy
	 */
	public static FaultProxy start(String targetHost, int targetPort) {
		try {
			ServerSocket listener = new ServerSocket(0, 50, InetAddress.getByName(HOST));
			FaultProxy proxy = new FaultProxy(listener, new InetSocketAddress(targetHost, targetPort));
			proxy.startThread("accept", proxy::acceptConnections);
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not open a fault proxy to " + targetHost + ":" + targetPort, ex);
		}
	}

	/** Returns the host clients connect to: always {@code 127.0.0.1}. */
	public String host() {
		return HOST;
	}

	/** Returns the port clients connect to. */
	public int port() {
		return this.listener.getLocalPort();
	}

	/**
	 * Returns the proxy's address as a {@code redis://host:port} URI.
	 * @return the URI
	 */
	public String uri() {
		return "redis://" + HOST + ":" + port();
	}

	/**
	 * Cuts the connection that next sends the named command, once the server has run it
	 * and before the client gets the reply. Fires once.
	 * @param commandName the command's name, in any case ({@code "INCR"},
	 * {@code "evalsha"})
	 * @return a future completed once the connection is cut, cancelled when the proxy
	 * closes first
	 * @see #cutAfterNext(Predicate)
	 */
	public CompletableFuture<Void> cutAfterNext(String commandName) {
		return cutAfterNext((command) -> !command.isEmpty() && command.get(0).equalsIgnoreCase(commandName));
	}

	/**
	 * Cuts the connection that next sends a matching command, once the server has run it
	 * and before the client gets the reply. Fires once.
	 * <p>
	 * The command is forwarded, then the proxy closes its side towards the server; the
	 * server runs the command, sees the end of the stream and closes too, and only then
	 * (or after 10 seconds, should the server not answer) the client's connection is
	 * closed. Replies the server still owed for earlier pipelined commands on that
	 * connection are lost as well.
	 * @param command tested with the command's name and arguments, as strings
	 * @return a future completed once the connection is cut, cancelled when the proxy
	 * closes first
	 */
	public CompletableFuture<Void> cutAfterNext(Predicate<List<String>> command) {
		return this.faults.cutAfterNext(command);
	}

	/**
	 * Holds everything, both ways and on every connection, for a while; what was held is
	 * then delivered in order. Connections stay open. A stall never shortens one already
	 * on.
	 * @param duration how long nothing is forwarded, from now
	 * @return a future completed once this stall's time is over
	 */
	public CompletableFuture<Void> stall(Duration duration) {
		this.faults.stall(duration);
		return after(duration);
	}

	/**
	 * Holds the replies on the connection that next sends a matching command, that
	 * command's and every later one, for a while from then; what was held is then
	 * delivered in order. Commands still reach the server, and other connections are not
	 * affected: for example a pub/sub connection whose {@code SSUBSCRIBE} is not
	 * confirmed while the command connection answers. Fires once.
	 * @param command tested with the command's name and arguments, as strings
	 * @param duration how long the connection's replies are held
	 */
	public void holdRepliesAfterNext(Predicate<List<String>> command, Duration duration) {
		this.faults.holdRepliesAfterNext(command, duration);
	}

	/**
	 * Drops the server's replies for a while: commands reach the server and run, but
	 * every reply (and every pub/sub message) read from the server during this time is
	 * thrown away whole. Connections stay open.
	 * <p>
	 * The proxy reads the server's side as RESP too, so it drops whole replies: the
	 * client never reads half a reply, it just gets fewer replies than it sent commands.
	 * Lettuce hands each reply to the oldest command it still has in its queue, and a
	 * command that timed out stays there, so after a drop the connection stays one reply
	 * short: a command whose reply was dropped and that has not timed out yet completes
	 * with the reply of the next command; one that timed out swallows that reply, and the
	 * next command times out in turn. The connection works again only once the client
	 * reconnects, for example after {@link #closeConnections()}.
	 * @param duration how long replies are dropped, from now
	 * @return a future completed once replies are forwarded again
	 */
	public CompletableFuture<Void> dropReplies(Duration duration) {
		this.faults.dropReplies(duration);
		return after(duration);
	}

	/**
	 * Slows the set-up of every connection opened from now on, as a TLS handshake or a
	 * distant server would: the connection forwards nothing, both ways, until it has been
	 * open for {@code delay}; then it works as any. Connections open already are not
	 * slowed.
	 * @param delay how long each new connection forwards nothing; zero for no delay
	 */
	public void delayNewConnections(Duration delay) {
		this.faults.delayNewConnections(delay);
	}

	/**
	 * Closes every connection open now, as a network reset would. Clients may reconnect
	 * at once.
	 */
	public void closeConnections() {
		this.connections.forEach(ProxiedConnection::close);
	}

	/**
	 * Returns how many commands of a kind were forwarded to the server, on every
	 * connection.
	 * @param commandName the command's name, in any case
	 * @return the number of such commands forwarded since the proxy started
	 */
	public long commandsForwarded(String commandName) {
		return this.faults.commandsForwarded(commandName);
	}

	/**
	 * Stops accepting connections, closes every connection and waits (at most 10 seconds)
	 * until every thread of the proxy has ended. Stalls end and pending cuts are
	 * cancelled.
	 */
	@Override
	public void close() {
		this.closed = true;
		ProxiedConnection.closeQuietly(this.listener);
		this.faults.close();
		closeConnections();
		awaitThreadsEnded();
	}

	private static CompletableFuture<Void> after(Duration duration) {
		// the delay starts after the fault's own clock did, so the future never completes
		// early
		return CompletableFuture.runAsync(() -> {
		}, CompletableFuture.delayedExecutor(duration.toNanos(), TimeUnit.NANOSECONDS));
	}

	private void acceptConnections() {
		while (!this.closed) {
			try {
				proxy(this.listener.accept());
			}
			catch (IOException ex) {
				// the listener closed, or one connection failed; the loop tells which
			}
		}
	}

	private void proxy(Socket client) throws IOException {
		Socket server = new Socket();
		try {
			client.setTcpNoDelay(true);
			server.setTcpNoDelay(true);
			server.connect(this.target, (int) CONNECT_TIMEOUT.toMillis());
		}
		catch (IOException ex) {
			// the client sees its connection closed, as when the server is down
			ProxiedConnection.closeQuietly(client);
			ProxiedConnection.closeQuietly(server);
			throw ex;
		}
		ProxiedConnection connection = new ProxiedConnection(client, server, this.faults);
		this.connections.add(connection);
		if (this.closed) {
			// close() may have passed over the set before this connection was in it
			connection.close();
			return;
		}
		String name = String.valueOf(this.connectionCount.incrementAndGet());
		startThread(name + "-to-server", () -> {
			connection.forwardCommands();
			this.connections.remove(connection);
		});
		startThread(name + "-to-client", connection::forwardReplies);
	}

	private void startThread(String name, Runnable task) {
		Thread thread = new Thread(task, "fault-proxy-" + port() + "-" + name);
		thread.setDaemon(true);
		this.threads.removeIf((ended) -> !ended.isAlive());
		this.threads.add(thread);
		thread.start();
	}

	private void awaitThreadsEnded() {
		// only the accepting thread starts threads: once no thread is alive, none will
		// start
		long deadline = System.nanoTime() + CLOSE_TIMEOUT.toNanos();
		Optional<Thread> alive = anyAlive();
		try {
			while (alive.isPresent() && deadline - System.nanoTime() > 0) {
				TimeUnit.NANOSECONDS.timedJoin(alive.get(), deadline - System.nanoTime());
				alive = anyAlive();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private Optional<Thread> anyAlive() {
		return this.threads.stream().filter(Thread::isAlive).findAny();
	}

}
