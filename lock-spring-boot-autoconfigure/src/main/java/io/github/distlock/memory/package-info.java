/**
 * A {@link io.github.distlock.store.Locker} in this JVM's memory,
 * {@link io.github.distlock.memory.InMemoryLocker}: for tests (with
 * {@code lock-spring-boot-test}, {@code distlock.store=in-memory}), and for an application that
 * runs as one instance.
 */
@NullMarked
package io.github.distlock.memory;

import org.jspecify.annotations.NullMarked;
