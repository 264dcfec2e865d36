/**
 * Spring Boot auto-configuration of distlock, whatever the store: properties under
 * {@code distlock}, the choice of store, {@code LockTemplate}, the {@code @DistributedLock}
 * advisor, observability, and failure analyzers. Each store's module configures its locker.
 */
@NullMarked
package io.github.distlock.autoconfigure;

import org.jspecify.annotations.NullMarked;
