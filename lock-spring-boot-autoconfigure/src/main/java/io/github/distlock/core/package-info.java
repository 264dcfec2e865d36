/**
 * Backend-neutral locking: the {@link io.github.distlock.core.Locker} SPI that a store
 * implements, and the logic every store shares (reentrancy, local queueing, hand-off, waiting,
 * the watchdog).
 */
@NullMarked
package io.github.distlock.core;

import org.jspecify.annotations.NullMarked;
