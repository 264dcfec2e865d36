/**
 * The health of distributed locking, for Spring Boot's health endpoint.
 */
@NullMarked
package io.github.distlock.health;

import org.jspecify.annotations.NullMarked;
