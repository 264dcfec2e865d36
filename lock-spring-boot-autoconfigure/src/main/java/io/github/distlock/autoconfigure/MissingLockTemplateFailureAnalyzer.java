package io.github.distlock.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a {@link MissingLockTemplateException}: which methods need locks, and how to provide them.
 */
final class MissingLockTemplateFailureAnalyzer extends AbstractFailureAnalyzer<MissingLockTemplateException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingLockTemplateException cause) {
		return new FailureAnalysis(
				"@DistributedLock is used on " + String.join(", ", cause.getMethods())
						+ ", but no lock store is available: distlock needs a single RedisConnectionFactory bean.",
				"Add spring-boot-starter-data-redis and configure Redis with spring.data.redis.*, define a LockTemplate or "
						+ "Locker bean of your own, or remove the annotations and set distlock.enabled=false.",
				cause);
	}

}
