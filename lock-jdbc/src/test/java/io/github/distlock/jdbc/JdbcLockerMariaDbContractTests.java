package io.github.distlock.jdbc;

/**
 * The {@link io.github.distlock.store.Locker} contract on MariaDb.
 */
class JdbcLockerMariaDbContractTests extends AbstractJdbcLockerContractTests {

	JdbcLockerMariaDbContractTests() {
		super(TestDatabase.MARIADB);
	}

}
