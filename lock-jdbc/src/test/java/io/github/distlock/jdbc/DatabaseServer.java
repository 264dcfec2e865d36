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

package io.github.distlock.jdbc;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * A database server that a test starts on a free loopback port in a temporary directory,
 * and stops by its pid: the shared part of {@link PostgresServer} and
 * {@link MariaDbServer}. Run as root, the server runs as the system user its package
 * created, which owns the directory.
 */
abstract class DatabaseServer implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

	final Path directory;

	final int port;

	private final String systemUser;

	private long pid;

	private Process launcher;

	DatabaseServer(String name, String systemUser) throws IOException {
		this.directory = Files.createTempDirectory("distlock-" + name);
		this.port = freePort();
		this.systemUser = systemUser;
		if (ROOT) {
			UserPrincipal user = this.directory.getFileSystem()
				.getUserPrincipalLookupService()
				.lookupPrincipalByName(systemUser);
			Files.setOwner(this.directory, user);
		}
	}

	/** The JDBC URL of the test database. */
	abstract String url();

	abstract String user();

	/**
	 * Starts the server, directly or through {@code runuser}; answers the process
	 * started.
	 */
	abstract Process launch() throws IOException, InterruptedException;

	/** The server's own pid, once it is known. */
	abstract long serverPid(Process launcher) throws IOException, InterruptedException;

	/** Sends the server the signal that makes it shut down at once. */
	abstract String stopSignal();

	final void boot() throws IOException, InterruptedException {
		this.launcher = launch();
		this.pid = serverPid(this.launcher);
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (true) {
			try (Connection connection = DriverManager.getConnection(url(), user(), "")) {
				return;
			}
			catch (SQLException ex) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException(getClass().getSimpleName() + " did not accept connections on port "
							+ this.port + "; see " + this.directory, ex);
				}
				Thread.sleep(100);
			}
		}
	}

	/** Runs a command to its end, as the server's system user when run as root. */
	final void run(String... command) throws IOException, InterruptedException {
		Process process = processBuilder(command).redirectOutput(this.directory.resolve("setup.log").toFile()).start();
		if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
			throw new IllegalStateException(
					String.join(" ", command) + " failed; see " + this.directory.resolve("setup.log"));
		}
	}

	final ProcessBuilder processBuilder(String... command) {
		List<String> line = new ArrayList<>();
		if (ROOT && !command[0].endsWith("mariadbd")) {
			line.addAll(List.of("runuser", "-u", this.systemUser, "--"));
		}
		line.addAll(List.of(command));
		return new ProcessBuilder(line).redirectErrorStream(true);
	}

	/** A pooled data source on the test database. */
	final HikariDataSource dataSource(int connections) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(url());
		config.setUsername(user());
		config.setMaximumPoolSize(connections);
		config.setConnectionTimeout(10_000);
		return new HikariDataSource(config);
	}

	/**
	 * Sends a signal to the server, every process it started and its launcher, by pid:
	 * STOP freezes it, CONT thaws it ({@code runuser} stops itself when its child stops,
	 * so it is thawed too).
	 */
	final void signal(String signal) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(
				List.of("kill", "-" + signal, Long.toString(this.launcher.pid()), Long.toString(this.pid)));
		ProcessHandle.of(this.pid)
			.ifPresent(
					(server) -> server.descendants().forEach((process) -> command.add(Long.toString(process.pid()))));
		new ProcessBuilder(command).start().waitFor();
	}

	@Override
	public void close() throws Exception {
		if (this.pid != 0) {
			new ProcessBuilder("kill", "-" + stopSignal(), Long.toString(this.pid)).start().waitFor();
			this.launcher.onExit().orTimeout(60, TimeUnit.SECONDS).join();
		}
		try (Stream<Path> files = Files.walk(this.directory)) {
			files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
		}
	}

	/**
	 * The newest installed binary directory matching a glob, such as Debian's
	 * {@code /usr/lib/postgresql/15/bin}.
	 */
	static Path binaries(String property, Path parent, String binary) throws IOException {
		String configured = System.getProperty(property);
		if (configured != null) {
			return Path.of(configured);
		}
		try (Stream<Path> versions = Files.list(parent)) {
			return versions.map((version) -> version.resolve("bin"))
				.filter((bin) -> Files.isExecutable(bin.resolve(binary)))
				.max(Comparator.comparing(Path::toString))
				.orElseThrow(() -> new IllegalStateException(
						"No " + binary + " under " + parent + "; install Debian's " + "package or set -D" + property));
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
