package io.github.distlock.jdbc;

/**
 * The {@link io.github.distlock.store.Locker} contract on H2.
 */
class JdbcLockerH2ContractTests extends AbstractJdbcLockerContractTests {

	JdbcLockerH2ContractTests() {
		super(TestDatabase.H2);
	}

}
