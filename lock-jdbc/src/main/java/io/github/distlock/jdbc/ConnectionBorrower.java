package io.github.distlock.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.util.ClassUtils;

/**
 * Takes a connection from the lock table's data source, giving up once the caller's bound has
 * passed, whatever the pool's own wait for a connection (Hikari's {@code connection-timeout} is
 * 30 s by default): Hikari's own bounded borrow when the data source is Hikari's, else a borrow on
 * a thread that the caller stops waiting for, which holds for any pool, or none.
 */
interface ConnectionBorrower {

	/**
	 * Takes a connection.
	 * @param millis how long the caller waits for it
	 * @return the connection, for the caller to close
	 * @throws NoConnectionInTime when none came in time
	 * @throws SQLException when the data source failed to give one
	 */
	Connection borrow(long millis) throws SQLException;

	/**
	 * The borrower for a data source: Hikari's own bounded borrow when it is a
	 * {@code HikariDataSource} itself (not one behind another data source, which may do more than
	 * hand out Hikari's connections), else a borrow on threads of its own.
	 * @param dataSource the data source
	 * @return the borrower
	 */
	static ConnectionBorrower of(DataSource dataSource) {
		ConnectionBorrower anyDataSource = new BackgroundBorrower(dataSource);
		if (ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource", ConnectionBorrower.class.getClassLoader())
				&& HikariBorrower.isHikari(dataSource)) {
			return new HikariBorrower(dataSource, anyDataSource);
		}
		return anyDataSource;
	}

}
