package io.github.distlock.architecture;

/**
 * The JDBC module, with the store-neutral one below it, keeps the layering of
 * {@link ArchitectureRules}.
 */
class JdbcArchitectureTests extends ArchitectureTests {

}
