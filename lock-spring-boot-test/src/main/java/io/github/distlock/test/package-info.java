/**
 * Test support for distlock: the in-memory store chosen by {@code distlock.store=in-memory}, and
 * {@link io.github.distlock.test.TakenLocks}, a record of the locks the application took.
 */
@NullMarked
package io.github.distlock.test;

import org.jspecify.annotations.NullMarked;
