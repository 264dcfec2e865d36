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

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.KillArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * One real {@code redis-server} process on a free loopback port, for tests.
 *
 * <p>
 * It can be stopped, killed ({@code SIGKILL}), paused ({@code SIGSTOP}), resumed and
 * restarted on the same port, and it can flush its script cache. Every server started
 * here is killed when the JVM exits, so a failed test never leaves one behind.
 */
public final class RedisServer implements AutoCloseable {

	private static final String HOST = "127.0.0.1";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

	private static final Set<Process> running = ConcurrentHashMap.newKeySet();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(Process::destroyForcibly)));
	}

	private final int port;

	private final Path workDirectory;

	/**
	 * Options after the rig's own, as {@code --name value} words, such as a cluster
	 * node's.
	 */
	private final List<String> options;

	private final boolean sentinel;

	private final File executable;

	private volatile Process process;

	private RedisServer(int port, List<String> options, boolean sentinel) {
		this(port, options, sentinel, RedisServerBinary.executable());
	}

	private RedisServer(int port, List<String> options, boolean sentinel, File executable) {
		this.executable = executable;
		this.port = port;
		this.options = List.copyOf(options);
		this.sentinel = sentinel;
		try {
			this.workDirectory = Files.createTempDirectory("redis-" + port + "-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Starts a server on a free loopback port and waits until it accepts connections.
	 * @return the running server
	 */
	public static RedisServer start() {
		return start(List.of());
	}

	/**
	 * Starts the binary that embedded-redis ships (Redis 6.2: no sharded pub/sub),
	 * whatever is on the {@code PATH}, for tests of what older servers lack.
	 * @return the running server
	 */
	public static RedisServer startBundled() {
		return launched(new RedisServer(freePort(), List.of(), false, RedisServerBinary.bundled()));
	}

	/**
	 * Starts a server that replicates {@code master}, and waits until it accepts
	 * connections (not until it is in sync).
	 * @param master the server to replicate
	 * @return the running replica
	 */
	public static RedisServer startReplicaOf(RedisServer master) {
		return start(List.of("--replicaof", master.host(), String.valueOf(master.port())));
	}

	/**
	 * Starts a server with options of its own, {@code --name value} words after the
	 * rig's, which they override: {@code --cluster-enabled yes},
	 * {@code --replicaof host port}.
	 * @param options the further options
	 * @return the running server
	 */
	static RedisServer start(List<String> options) {
		return launched(new RedisServer(freePort(), options, false));
	}

	/**
	 * Starts a Sentinel, the same binary in sentinel mode, with a configuration file of
	 * its own in its directory, which it rewrites as it learns (a restart keeps what it
	 * knew).
	 * @param options the Sentinel's options:
	 * {@code --sentinel monitor name host port quorum}, ...
	 * @return the running Sentinel
	 */
	static RedisServer startSentinel(List<String> options) {
		return launched(new RedisServer(freePort(), options, true));
	}

	private static RedisServer launched(RedisServer server) {
		server.launch();
		return server;
	}

	public String host() {
		return HOST;
	}

	public int port() {
		return this.port;
	}

	/**
	 * Returns the server's address as {@code host:port}, as Spring Boot's cluster and
	 * Sentinel {@code nodes} settings list them.
	 * @return the address
	 */
	public String address() {
		return HOST + ":" + this.port;
	}

	/**
	 * Returns the server's address as a {@code redis://host:port} URI.
	 * @return the URI
	 */
	public String uri() {
		return "redis://" + HOST + ":" + this.port;
	}

	public long pid() {
		return this.process.pid();
	}

	public boolean isRunning() {
		Process current = this.process;
		return current != null && current.isAlive();
	}

	/** Stops the server gracefully ({@code SIGTERM}, no snapshot is saved). */
	public void stop() {
		terminate(false);
	}

	/** Kills the server with {@code SIGKILL}, as a crash would. */
	public void kill() {
		terminate(true);
	}

	/**
	 * Freezes the server with {@code SIGSTOP}: it keeps its connections but answers
	 * nothing.
	 */
	public void pause() {
		signal("STOP");
	}

	/** Lets a paused server run again ({@code SIGCONT}). */
	public void resume() {
		signal("CONT");
	}

	/** Stops the server and starts a new, empty one on the same port. */
	public void restart() {
		stop();
		launch();
	}

	/** Empties the server's Lua script cache ({@code SCRIPT FLUSH}). */
	public void flushScripts() {
		withConnection((connection) -> connection.sync().scriptFlush());
	}

	/**
	 * Returns the server's major version, from {@code INFO server}: 7 for the Redis on
	 * the {@code PATH} of a current system, 6 for the bundled binary; tests of what only
	 * newer servers have assume it.
	 * @return the major version
	 */
	public int majorVersion() {
		String info = withConnection((connection) -> connection.sync().info("server"));
		String version = info.substring(info.indexOf("redis_version:") + "redis_version:".length());
		return Integer.parseInt(version.substring(0, version.indexOf('.')));
	}

	/** Resets the server's command statistics ({@code CONFIG RESETSTAT}). */
	public void resetStatistics() {
		withConnection((connection) -> connection.sync().configResetstat());
	}

	/**
	 * Returns how often each command ran since the last reset, from
	 * {@code INFO commandstats}, keyed by lower-case command name ({@code evalsha},
	 * {@code set}, ...).
	 * @return the number of calls per command
	 */
	public Map<String, Long> commandCalls() {
		String info = withConnection((connection) -> connection.sync().info("commandstats"));
		Map<String, Long> calls = new LinkedHashMap<>();
		for (String line : info.split("\r?\n")) {
			if (line.startsWith("cmdstat_")) {
				String name = line.substring("cmdstat_".length(), line.indexOf(':'));
				String stats = line.substring(line.indexOf(':') + 1);
				calls.put(name, Long.parseLong(stats.substring("calls=".length(), stats.indexOf(','))));
			}
		}
		return calls;
	}

	/**
	 * Closes the connections of the clients blocked in a command
	 * ({@code CLIENT KILL ID}), as a network reset would.
	 * @param commandName the command's name in lower case, as {@code CLIENT LIST} shows
	 * it ({@code wait})
	 * @return how many connections were closed
	 */
	public long killClientsBlockedIn(String commandName) {
		return withConnection((connection) -> {
			long killed = 0;
			for (String client : connection.sync().clientList().split("\n")) {
				if (client.contains(" flags=b ") && client.contains(" cmd=" + commandName + " ")) {
					String id = client.substring("id=".length(), client.indexOf(' '));
					killed += connection.sync().clientKill(KillArgs.Builder.id(Long.parseLong(id)));
				}
			}
			return killed;
		});
	}

	@Override
	public void close() {
		kill();
		deleteWorkDirectory();
	}

	/**
	 * Runs {@code action} on a new connection to the server, closed afterwards.
	 * @param action what to do with the connection
	 * @param <T> the type of the result
	 * @return what {@code action} returned
	 */
	public <T> T withConnection(java.util.function.Function<StatefulRedisConnection<String, String>, T> action) {
		RedisClient client = RedisClient.create(RedisURI.create(HOST, this.port));
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			return action.apply(connection);
		}
		finally {
			client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
	}

	private void launch() {
		File log = this.workDirectory.resolve("redis.log").toFile();
		ProcessBuilder builder = new ProcessBuilder(command()).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log));
		try {
			this.process = builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start redis-server on port " + this.port, ex);
		}
		running.add(this.process);
		awaitAcceptingConnections(log);
	}

	private List<String> command() {
		List<String> command = new ArrayList<>();
		command.add(this.executable.getAbsolutePath());
		if (this.sentinel) {
			command.add(sentinelConfiguration().toString());
			command.add("--sentinel");
		}
		command.addAll(List.of("--port", String.valueOf(this.port), "--bind", HOST, "--save", "", "--appendonly", "no",
				"--protected-mode", "no", "--daemonize", "no", "--dir", this.workDirectory.toString()));
		command.addAll(this.options);
		return command;
	}

	/**
	 * Sentinel refuses to start without a configuration file it can rewrite; the options
	 * fill it.
	 */
	private Path sentinelConfiguration() {
		Path file = this.workDirectory.resolve("sentinel.conf");
		try {
			if (Files.notExists(file)) {
				Files.createFile(file);
			}
			return file;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void awaitAcceptingConnections(File log) {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("redis-server on port " + this.port + " exited at start; see " + log);
			}
			if (acceptsConnections()) {
				return;
			}
			sleep(Duration.ofMillis(20));
		}
		throw new IllegalStateException(
				"redis-server on port " + this.port + " did not start within " + START_TIMEOUT + "; see " + log);
	}

	private boolean acceptsConnections() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(HOST, this.port), 200);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private void terminate(boolean forcibly) {
		Process current = this.process;
		if (current == null || !current.isAlive()) {
			return;
		}
		resume();
		if (forcibly) {
			current.destroyForcibly();
		}
		else {
			current.destroy();
		}
		try {
			if (!current.waitFor(10, TimeUnit.SECONDS)) {
				current.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		running.remove(current);
	}

	private void signal(String signal) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid())).start();
			if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new IllegalStateException("kill -" + signal + " " + pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while signalling redis-server", ex);
		}
	}

	private void deleteWorkDirectory() {
		try (var files = Files.walk(this.workDirectory)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			// a leftover temporary directory is harmless
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(HOST))) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No free loopback port", ex);
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for redis-server", ex);
		}
	}

}
