/**
 * Auto-configuration of locks on ZooKeeper: on the application's {@code CuratorFramework}, or on a
 * client of the locker's own built from {@code distlock.zookeeper.*}.
 */
@NullMarked
package io.github.distlock.zookeeper.autoconfigure;

import org.jspecify.annotations.NullMarked;
