/**
 * Auto-configuration of distributed locks in a table of the application's database.
 */
@NullMarked
package io.github.distlock.jdbc.autoconfigure;

import org.jspecify.annotations.NullMarked;
