-- distlock's lock table for MariaDB 10.5 or later (not MySQL, which lacks INSERT ... RETURNING): one
-- row per lock name (see JDBC.md beside the locker's code). Rename the table freely
-- (distlock.jdbc.table-name); keep the columns. Times are microseconds since the epoch on the
-- database's clock. Owner tokens are about 150 characters (a random secret, a time, the
-- application's name, pid and host), so owner columns take 512. Lock names compare byte by byte
-- without padding (NO PAD), so 'a' and 'a ' are two locks.
CREATE TABLE IF NOT EXISTS distlock_locks (
	lock_name      VARCHAR(255) COLLATE utf8mb4_nopad_bin NOT NULL PRIMARY KEY,
	owner_token    VARCHAR(512),
	expires_at     BIGINT       NOT NULL,
	given_way_by   VARCHAR(64),
	waiter         VARCHAR(64),
	waiting_until  BIGINT       NOT NULL DEFAULT 0,
	released_owner VARCHAR(512),
	fencing_token  BIGINT       NOT NULL DEFAULT 0
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
