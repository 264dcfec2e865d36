package io.github.distlock.jdbc;

/**
 * The {@link io.github.distlock.store.Locker} contract on Postgres.
 */
class JdbcLockerPostgresContractTests extends AbstractJdbcLockerContractTests {

	JdbcLockerPostgresContractTests() {
		super(TestDatabase.POSTGRESQL);
	}

}
