/**
 * The flash-sale demo of distlock.
 */
@NullMarked
package io.github.distlock.sample;

import org.jspecify.annotations.NullMarked;
