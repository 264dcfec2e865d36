package io.github.distlock.autoconfigure;

import io.github.distlock.jdbc.autoconfigure.JdbcLockAutoConfiguration;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the locks in a
 * table of the application's own database (H2), the one its transactions write to: the lock's
 * statements run beside the caller's transaction, never in it.
 */
@ImportAutoConfiguration({ JdbcLockAutoConfiguration.class, DistributedLockAutoConfiguration.class,
		AopAutoConfiguration.class })
@TestPropertySource(properties = "distlock.jdbc.initialize-schema=always")
class JdbcDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

}
