/**
 * The Redis lock store: Lua scripts run through Spring Data Redis, and release notices by
 * pub/sub.
 */
@NullMarked
package io.github.distlock.redis;

import org.jspecify.annotations.NullMarked;
