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
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A PostgreSQL server from Debian's binaries ({@code initdb} and {@code postgres}, found
 * under {@code /usr/lib/postgresql}, or {@code -Ddistlock.postgres.bin}), without fsync,
 * trusting local connections of user {@code distlock}.
 */
final class PostgresServer extends DatabaseServer {

	private final Path bin;

	private PostgresServer() throws IOException {
		super("postgres", "postgres");
		this.bin = binaries("distlock.postgres.bin", Path.of("/usr/lib/postgresql"), "postgres");
	}

	static PostgresServer started() throws IOException, InterruptedException {
		PostgresServer server = new PostgresServer();
		server.boot();
		return server;
	}

	@Override
	String url() {
		return "jdbc:postgresql://127.0.0.1:" + this.port + "/postgres";
	}

	@Override
	String user() {
		return "distlock";
	}

	@Override
	Process launch() throws IOException, InterruptedException {
		Path data = this.directory.resolve("data");
		run(this.bin.resolve("initdb").toString(), "-D", data.toString(), "-U", user(), "-A", "trust", "-E", "UTF8",
				"--no-sync");
		return processBuilder(this.bin.resolve("postgres").toString(), "-D", data.toString(), "-p",
				Integer.toString(this.port), "-k", this.directory.toString(), "-c", "listen_addresses=127.0.0.1", "-c",
				"fsync=off", "-c", "max_connections=200")
			.redirectOutput(this.directory.resolve("server.log").toFile())
			.start();
	}

	/** The postmaster's pid, from the file it writes once started. */
	@Override
	long serverPid(Process launcher) throws IOException, InterruptedException {
		Path pidFile = this.directory.resolve("data").resolve("postmaster.pid");
		for (int i = 0; i < 600 && !Files.exists(pidFile); i++) {
			Thread.sleep(100);
		}
		return Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
	}

	/** Fast shutdown: the server does not wait for clients to disconnect. */
	@Override
	String stopSignal() {
		return "INT";
	}

}
