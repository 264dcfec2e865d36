package io.github.distlock.jdbc;

/**
 * The {@link io.github.distlock.core.Locker} contract on Postgres.
 */
class JdbcLockerPostgresContractTests extends AbstractJdbcLockerContractTests {

	JdbcLockerPostgresContractTests() {
		super(TestDatabase.POSTGRESQL);
	}

}
