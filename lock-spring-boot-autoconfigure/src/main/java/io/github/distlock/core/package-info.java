/**
 * Store-neutral locking: the logic every store shares (reentrancy, local queueing, hand-off,
 * waiting, the watchdog), over the {@link io.github.distlock.store.Locker} SPI that a store
 * implements. Its protocol (states, transitions and the invariants the code cites) is written down
 * in {@code PROTOCOL.md} beside these classes.
 */
@NullMarked
package io.github.distlock.core;

import org.jspecify.annotations.NullMarked;
