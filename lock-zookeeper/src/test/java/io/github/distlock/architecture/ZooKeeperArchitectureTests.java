package io.github.distlock.architecture;

/**
 * The ZooKeeper module, with the store-neutral one below it, keeps the layering of
 * {@link ArchitectureRules}: its locker uses only the API and the core.
 */
class ZooKeeperArchitectureTests extends ArchitectureTests {

}
