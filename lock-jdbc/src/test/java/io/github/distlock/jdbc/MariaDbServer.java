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

/**
 * A MariaDB server from Debian's {@code mariadb-server} ({@code mariadb-install-db} and
 * {@code mariadbd} on the path), without grant tables, with a database {@code distlock}.
 */
final class MariaDbServer extends DatabaseServer {

	private MariaDbServer() throws IOException {
		super("mariadb", "mysql");
	}

	static MariaDbServer started() throws IOException, InterruptedException {
		MariaDbServer server = new MariaDbServer();
		server.boot();
		return server;
	}

	@Override
	String url() {
		return "jdbc:mariadb://127.0.0.1:" + this.port + "/distlock?createDatabaseIfNotExist=true";
	}

	@Override
	String user() {
		return "root";
	}

	@Override
	Process launch() throws IOException, InterruptedException {
		String data = this.directory.resolve("data").toString();
		run("mariadb-install-db", "--no-defaults", "--user=mysql", "--datadir=" + data, "--skip-test-db",
				"--auth-root-authentication-method=normal");
		return processBuilder("mariadbd", "--no-defaults", "--user=mysql", "--datadir=" + data, "--port=" + this.port,
				"--bind-address=127.0.0.1", "--socket=" + this.directory.resolve("mariadb.sock"), "--skip-grant-tables",
				"--innodb-flush-log-at-trx-commit=0", "--max-connections=200")
			.redirectOutput(this.directory.resolve("server.log").toFile())
			.start();
	}

	/**
	 * mariadbd runs as the launched process itself, and drops to user mysql on its own.
	 */
	@Override
	long serverPid(Process launcher) {
		return launcher.pid();
	}

	@Override
	String stopSignal() {
		return "TERM";
	}

}
