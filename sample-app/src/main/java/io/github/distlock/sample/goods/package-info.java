/**
 * The flash sale: goods whose stock lives in Redis, bought in one of four modes.
 */
@NullMarked
package io.github.distlock.sample.goods;

import org.jspecify.annotations.NullMarked;
