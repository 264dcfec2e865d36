-- distlock's lock table for PostgreSQL: one row per lock name (see JDBC.md beside the locker's code).
-- Rename the table freely (distlock.jdbc.table-name); keep the columns. Times are microseconds since
-- the epoch on the database's clock. Owner tokens are about 150 characters (a random secret, a time,
-- the application's name, pid and host), so owner columns take 512.
CREATE TABLE IF NOT EXISTS distlock_locks (
	lock_name      VARCHAR(255) NOT NULL PRIMARY KEY,
	owner_token    VARCHAR(512),
	expires_at     BIGINT       NOT NULL,
	given_way_by   VARCHAR(64),
	waiter         VARCHAR(64),
	waiting_until  BIGINT       NOT NULL DEFAULT 0,
	released_owner VARCHAR(512),
	fencing_token  BIGINT       NOT NULL DEFAULT 0
);
