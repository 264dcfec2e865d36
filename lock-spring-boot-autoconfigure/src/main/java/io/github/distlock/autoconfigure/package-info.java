/**
 * Spring Boot auto-configuration of distlock: properties under {@code distlock}, the Redis
 * locker, {@code LockTemplate}, the {@code @DistributedLock} advisor, and failure analyzers.
 */
@NullMarked
package io.github.distlock.autoconfigure;

import org.jspecify.annotations.NullMarked;
