package io.github.distlock.autoconfigure;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the locks in
 * this JVM's memory, the application's own {@link Locker}.
 */
@ImportAutoConfiguration({ DistributedLockAutoConfiguration.class, AopAutoConfiguration.class })
@Import(InMemoryDistributedLockIntegrationTests.Store.class)
class InMemoryDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@TestConfiguration(proxyBeanMethods = false)
	static class Store {

		@Bean
		InMemoryLocker locker() {
			return new InMemoryLocker();
		}

	}

}
