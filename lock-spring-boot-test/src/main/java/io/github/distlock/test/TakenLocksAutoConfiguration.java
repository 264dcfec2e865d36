package io.github.distlock.test;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of {@link TakenLocks}, a listener of the auto-configured lock template that
 * records the locks it takes, whatever the store. It applies whenever this artifact is on the
 * class path, which is meant to be in tests only.
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
public final class TakenLocksAutoConfiguration {

	@Bean
	TakenLocks distributedLockTakenLocks() {
		return new TakenLocks();
	}

}
