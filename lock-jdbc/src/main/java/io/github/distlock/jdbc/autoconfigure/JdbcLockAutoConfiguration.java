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

import javax.sql.DataSource;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.LockDatabase;
import io.github.distlock.jdbc.LockTable;
import io.github.distlock.jdbc.LockTableName;
import io.github.distlock.store.Locker;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jdbc.EmbeddedDatabaseConnection;
import org.springframework.boot.sql.init.DatabaseInitializationMode;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the JDBC {@link Locker}: locks in a table of the application's
 * own database, which must exist at start-up (or be created,
 * {@code distlock.jdbc.initialize-schema}). On PostgreSQL the locker listens for release
 * notices on a {@link LockNoticesDataSource} when the application defines one, else on
 * one physical connection of its own, not one of the pool's.
 *
 * @since 0.1.0
 */
@AutoConfiguration(before = DistributedLockAutoConfiguration.class,
		afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore("jdbc")
@ConditionalOnSingleCandidate(DataSource.class)
@EnableConfigurationProperties({ DistributedLockProperties.class, JdbcLockProperties.class })
public final class JdbcLockAutoConfiguration {

	/**
	 * Created after Flyway, Liquibase and {@code spring.sql.init}, which may create the
	 * lock table.
	 */
	@Bean
	@ConditionalOnMissingBean(Locker.class)
	@DependsOnDatabaseInitialization
	JdbcLocker distributedLockJdbcLocker(DataSource dataSource,
			@LockNoticesDataSource ObjectProvider<DataSource> noticesDataSource, DistributedLockProperties properties,
			JdbcLockProperties jdbcProperties) {
		checkTableName(jdbcProperties.getTableName());
		LockTable table = new LockTable(dataSource, jdbcProperties.getTableName(), jdbcProperties.getTimeout());
		if (!table.exists()) {
			if (!initializes(jdbcProperties.getInitializeSchema(), dataSource)) {
				throw new MissingLockTableException(jdbcProperties.getTableName(), table.database(), table.ddl());
			}
			table.create();
		}
		DataSource listening = (table.database() != LockDatabase.POSTGRESQL) ? dataSource
				: noticesDataSource.getIfAvailable(() -> ListeningDataSources.derivedFrom(dataSource));
		return new JdbcLocker(dataSource, listening, jdbcProperties.getTableName(), properties.getKeyPrefix(),
				jdbcProperties.getTimeout());
	}

	/**
	 * Fails start-up naming the property, before the name is pasted into any statement.
	 */
	private static void checkTableName(String name) {
		try {
			LockTableName.checked(name);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("distlock.jdbc.table-name", name, ex.getMessage());
		}
	}

	private static boolean initializes(DatabaseInitializationMode mode, DataSource dataSource) {
		return switch (mode) {
			case ALWAYS -> true;
			case EMBEDDED -> EmbeddedDatabaseConnection.isEmbedded(dataSource);
			case NEVER -> false;
		};
	}

}
