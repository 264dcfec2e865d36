/**
 * Observations of locking with Micrometer's Observation API, fed by
 * {@link io.github.distlock.core.LockListener}.
 */
@NullMarked
package io.github.distlock.observation;

import org.jspecify.annotations.NullMarked;
