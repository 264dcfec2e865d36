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

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A PgBouncer in transaction mode in front of a PostgreSQL server, from Debian's binary
 * ({@code /usr/sbin/pgbouncer}, or {@code -Ddistlock.pgbouncer.bin}), with a generated
 * ini and userlist, trusting user {@code distlock}: a client's statements go to whichever
 * server connection is free, so a {@code LISTEN} stays on a server connection the client
 * no longer has.
 */
final class PgBouncerServer extends DatabaseServer {

	private final String upstreamHost;

	private final int upstreamPort;

	private PgBouncerServer(String upstreamUrl) throws IOException {
		super("pgbouncer", "postgres");
		URI upstream = URI.create(upstreamUrl.substring("jdbc:".length()));
		this.upstreamHost = upstream.getHost();
		this.upstreamPort = upstream.getPort();
	}

	/**
	 * Starts a PgBouncer in front of the PostgreSQL server at a JDBC URL of
	 * {@link PostgresServer}'s.
	 */
	static PgBouncerServer startedInFrontOf(String postgresUrl) throws IOException, InterruptedException {
		PgBouncerServer server = new PgBouncerServer(postgresUrl);
		server.boot();
		return server;
	}

	/**
	 * PgBouncer 1.18 keeps no prepared statements across transactions: the driver must
	 * not prepare any.
	 */
	@Override
	String url() {
		return "jdbc:postgresql://127.0.0.1:" + this.port + "/postgres?prepareThreshold=0";
	}

	@Override
	String user() {
		return "distlock";
	}

	@Override
	Process launch() throws IOException {
		Path userlist = Files.writeString(this.directory.resolve("userlist.txt"), "\"distlock\" \"\"\n");
		Path ini = Files.writeString(this.directory.resolve("pgbouncer.ini"),
				String.join("\n", "[databases]",
						"postgres = host=" + this.upstreamHost + " port=" + this.upstreamPort + " dbname=postgres", "",
						"[pgbouncer]", "listen_addr = 127.0.0.1", "listen_port = " + this.port, "unix_socket_dir =",
						"auth_type = trust", "auth_file = " + userlist, "pool_mode = transaction",
						"default_pool_size = 4", "ignore_startup_parameters = extra_float_digits,options",
						"pidfile = " + pidFile(), "logfile = " + this.directory.resolve("pgbouncer.log"), ""));
		return processBuilder(pgBouncer(), ini.toString()).redirectOutput(this.directory.resolve("server.log").toFile())
			.start();
	}

	@Override
	long serverPid(Process launcher) throws IOException, InterruptedException {
		for (int i = 0; i < 600 && !Files.exists(pidFile()); i++) {
			Thread.sleep(100);
		}
		return Long.parseLong(Files.readString(pidFile()).trim());
	}

	/** Immediate shutdown: PgBouncer does not wait for clients to finish. */
	@Override
	String stopSignal() {
		return "TERM";
	}

	private Path pidFile() {
		return this.directory.resolve("pgbouncer.pid");
	}

	private static String pgBouncer() {
		return System.getProperty("distlock.pgbouncer.bin", "/usr/sbin/pgbouncer");
	}

}
