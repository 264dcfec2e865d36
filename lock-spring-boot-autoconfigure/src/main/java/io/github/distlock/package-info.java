/**
 * What users of distlock type: {@link io.github.distlock.LockTemplate},
 * {@link io.github.distlock.LockHandle} and the exceptions.
 */
@NullMarked
package io.github.distlock;

import org.jspecify.annotations.NullMarked;
