package io.github.distlock.jdbc.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a {@link MissingLockTableException}: the DDL that creates the lock table for the
 * detected database, and the property that creates it at start-up.
 */
final class MissingLockTableFailureAnalyzer extends AbstractFailureAnalyzer<MissingLockTableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingLockTableException cause) {
		String action = "Create the table, for example in a Flyway or Liquibase migration, with:\n\n" + cause.getDdl()
				+ ";\n\n(the lock-jdbc jar holds it as " + cause.getDatabase().schemaLocation()
				+ "), or set distlock.jdbc.initialize-schema=always to create it at start-up.";
		return new FailureAnalysis(cause.getMessage() + ".", action, cause);
	}

}
