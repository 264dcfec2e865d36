package io.github.distlock.redis.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@link InvalidRedlockConfigurationException}: what is wrong with
 * {@code distlock.redlock.*}, and what to change.
 */
final class InvalidRedlockConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<InvalidRedlockConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidRedlockConfigurationException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
