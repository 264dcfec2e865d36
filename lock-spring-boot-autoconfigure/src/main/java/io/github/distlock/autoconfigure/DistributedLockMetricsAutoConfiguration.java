package io.github.distlock.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;

import io.github.distlock.micrometer.LockMetrics;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of lock metrics ({@link LockMetrics}) when the application has a Micrometer
 * {@link MeterRegistry}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
public final class DistributedLockMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LockMetrics distributedLockMetrics(MeterRegistry meterRegistry) {
		return new LockMetrics(meterRegistry);
	}

}
