/**
 * The {@link io.github.distlock.store.Locker} on a database table over JDBC: PostgreSQL, MariaDB 10.5
 * or later, and H2. {@code JDBC.md} in this package describes the table, its statements and why
 * they keep the lock contract.
 */
@NullMarked
package io.github.distlock.jdbc;

import org.jspecify.annotations.NullMarked;
