package io.github.distlock.autoconfigure;

import java.util.List;

import io.github.distlock.LockTemplate;
import io.github.distlock.interceptor.LockOperationSource;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Fails start-up when no {@link LockTemplate} could be built although one is needed: when
 * {@code @DistributedLock} is in use, so a guarded method never runs unguarded, or when
 * {@code distlock.store} names a store that is not on the class path, or is unset while several
 * stores are.
 */
final class LockTemplatePresenceCheck implements SmartInitializingSingleton, BeanClassLoaderAware {

	private final LockOperationSource operationSource;

	private final ObjectProvider<LockTemplate> lockTemplate;

	private final ObjectProvider<DistributedLockProperties> properties;

	private @Nullable ClassLoader classLoader;

	LockTemplatePresenceCheck(LockOperationSource operationSource, ObjectProvider<LockTemplate> lockTemplate,
			ObjectProvider<DistributedLockProperties> properties) {
		this.operationSource = operationSource;
		this.lockTemplate = lockTemplate;
		this.properties = properties;
	}

	@Override
	public void setBeanClassLoader(ClassLoader classLoader) {
		this.classLoader = classLoader;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (this.lockTemplate.getIfAvailable() != null) {
			return;
		}
		String store = this.properties.getObject().getStore();
		if (store != null) {
			List<String> availableStores = LockStores.available(this.classLoader);
			if (!availableStores.contains(store)) {
				throw new MissingLockTemplateException(this.operationSource.operationMethods(), store, availableStores);
			}
		}
		else {
			List<String> presentStores = LockStores.presentByDefault(this.classLoader);
			if (presentStores.size() > 1) {
				throw new MissingLockTemplateException(this.operationSource.operationMethods(), presentStores);
			}
		}
		if (this.operationSource.hasOperations()) {
			throw new MissingLockTemplateException(this.operationSource.operationMethods());
		}
	}

}
