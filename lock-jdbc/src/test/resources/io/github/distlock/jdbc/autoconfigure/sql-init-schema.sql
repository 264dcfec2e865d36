-- The lock table as an application's spring.sql.init script would create it (JdbcLockAutoConfigurationTests).
CREATE TABLE distlock_sql_init (
	lock_name      VARCHAR(255) NOT NULL PRIMARY KEY,
	owner_token    VARCHAR(512),
	expires_at     BIGINT       NOT NULL,
	given_way_by   VARCHAR(64),
	waiter         VARCHAR(64),
	waiting_until  BIGINT       NOT NULL DEFAULT 0,
	released_owner VARCHAR(512),
	fencing_token  BIGINT       NOT NULL DEFAULT 0
);
