/**
 * The {@code locks} Actuator endpoint: the locks this instance holds and waits for, and who holds
 * a given lock in the store.
 */
@NullMarked
package io.github.distlock.endpoint;

import org.jspecify.annotations.NullMarked;
