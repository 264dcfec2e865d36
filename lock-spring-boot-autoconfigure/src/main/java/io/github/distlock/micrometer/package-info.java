/**
 * Lock metrics in Micrometer, fed by {@link io.github.distlock.core.LockListener}.
 */
@NullMarked
package io.github.distlock.micrometer;

import org.jspecify.annotations.NullMarked;
