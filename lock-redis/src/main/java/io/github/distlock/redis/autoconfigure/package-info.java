/**
 * Auto-configuration of locks on Redis: the application's Redis through Spring Data Redis, or a
 * Redlock quorum of independent masters.
 */
@NullMarked
package io.github.distlock.redis.autoconfigure;

import org.jspecify.annotations.NullMarked;
