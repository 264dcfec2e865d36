package io.github.distlock.architecture;

/**
 * The Redis module, with the store-neutral one below it, keeps the layering of
 * {@link ArchitectureRules}.
 */
class RedisArchitectureTests extends ArchitectureTests {

}
