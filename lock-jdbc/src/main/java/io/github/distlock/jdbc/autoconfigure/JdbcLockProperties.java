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

package io.github.distlock.jdbc.autoconfigure;

import java.time.Duration;

import io.github.distlock.jdbc.JdbcLocker;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Configuration properties of locks in a database table, beside the store-neutral ones of
 * {@code DistributedLockProperties}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distlock.jdbc")
public class JdbcLockProperties {

	/**
	 * Name of the lock table, which the schema scripts in the jar call distlock_locks:
	 * letters, digits and underscores, optionally after a schema's name and a dot, at
	 * most 63 characters.
	 */
	private String tableName = JdbcLocker.DEFAULT_TABLE;

	/**
	 * When to create the lock table at start-up if it is missing: never (create it with
	 * Flyway, Liquibase or by hand), embedded (only in an embedded database, as
	 * spring.sql.init.mode), or always.
	 */
	private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

	/**
	 * How long one lock statement may take before it fails, and how long a lock call
	 * waits for a connection from the pool (an acquire no longer than its caller waits
	 * for the lock), whatever the pool's own connection timeout; whole seconds, at least
	 * 1s.
	 */
	private Duration timeout = Duration.ofSeconds(5);

	public String getTableName() {
		return this.tableName;
	}

	public void setTableName(String tableName) {
		this.tableName = tableName;
	}

	public DatabaseInitializationMode getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

}
