/**
 * Interception of {@link io.github.distlock.DistributedLock} methods: operation source, pointcut,
 * advisor, interceptor and key expressions. No Spring Boot types, so it works with a bare
 * {@code ProxyFactory}.
 */
@NullMarked
package io.github.distlock.interceptor;

import org.jspecify.annotations.NullMarked;
