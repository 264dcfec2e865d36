package io.github.distlock.autoconfigure;

import io.github.distlock.LockTemplate;
import io.github.distlock.interceptor.LockOperationSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Fails start-up when {@code @DistributedLock} is in use but no {@link LockTemplate} could be
 * built, so a guarded method never runs unguarded.
 */
final class LockTemplatePresenceCheck implements SmartInitializingSingleton {

	private final LockOperationSource operationSource;

	private final ObjectProvider<LockTemplate> lockTemplate;

	LockTemplatePresenceCheck(LockOperationSource operationSource, ObjectProvider<LockTemplate> lockTemplate) {
		this.operationSource = operationSource;
		this.lockTemplate = lockTemplate;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.operationSource.hasOperations() && this.lockTemplate.getIfAvailable() == null) {
			throw new MissingLockTemplateException(this.operationSource.operationMethods());
		}
	}

}
