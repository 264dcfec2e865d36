package io.github.distlock.jdbc.autoconfigure;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.jdbc.TestDatabase;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Boot applications locking in a table of the tests' PostgreSQL, through Boot's own data source. */
final class PostgresLockingContexts {

	private PostgresLockingContexts() {
	}

	/** An application whose locks live in {@code table}, made at start-up. */
	static ApplicationContextRunner lockingIn(String table) {
		HikariDataSource dataSource = (HikariDataSource) TestDatabase.POSTGRESQL.dataSource();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + dataSource.getJdbcUrl(),
					"spring.datasource.username=" + dataSource.getUsername(), "distlock.jdbc.table-name=" + table,
					"distlock.jdbc.initialize-schema=always");
	}

}
