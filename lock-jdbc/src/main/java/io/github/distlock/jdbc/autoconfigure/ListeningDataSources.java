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

import java.sql.DriverManager;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/**
 * The data source a PostgreSQL locker listens for release notices on when the application
 * gives none ({@link LockNoticesDataSource}): one physical connection at a time, opened
 * with the URL and credentials of the application's data source (Boot's
 * {@link DataSourceBuilder#derivedFrom}), so that the listener, which keeps its
 * connection, takes none from the application's pool.
 */
final class ListeningDataSources {

	private static final Log logger = LogFactory.getLog(ListeningDataSources.class);

	private ListeningDataSources() {
	}

	/**
	 * A data source of physical connections like the application's, or the application's
	 * itself when its URL cannot be read.
	 */
	static DataSource derivedFrom(DataSource application) {
		try {
			SimpleDriverDataSource derived = DataSourceBuilder.derivedFrom(application)
				.type(SimpleDriverDataSource.class)
				.build();
			String url = derived.getUrl();
			if (url != null) {
				if (derived.getDriver() == null) {
					derived.setDriver(DriverManager.getDriver(url));
				}
				return derived;
			}
		}
		catch (SQLException | RuntimeException ex) {
			logger.debug("Could not derive a data source from " + application, ex);
		}
		logger.info("Release notices of distributed locks listen on a connection of the application's data source, "
				+ "kept while they listen, since its URL could not be read from " + application.getClass().getName()
				+ "; define a @LockNoticesDataSource bean to give them connections of their own");
		return application;
	}

}
