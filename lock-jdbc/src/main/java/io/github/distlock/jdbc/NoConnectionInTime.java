package io.github.distlock.jdbc;

import java.io.Serial;
import java.sql.SQLTransientConnectionException;

import org.jspecify.annotations.Nullable;

/**
 * No connection came from the data source within the caller's bound; says why, as far as the
 * pool can tell: all its connections in use, or none could be opened.
 */
final class NoConnectionInTime extends SQLTransientConnectionException {

	@Serial
	private static final long serialVersionUID = 1L;

	private final String reason;

	NoConnectionInTime(String reason, @Nullable Throwable cause) {
		super(reason, cause);
		this.reason = reason;
	}

	/** Why no connection came: the pool exhausted, the database unreachable, or either. */
	String reason() {
		return this.reason;
	}

}
