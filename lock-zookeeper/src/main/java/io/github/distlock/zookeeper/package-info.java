/**
 * The ZooKeeper locker: locks as ephemeral sequential nodes through Apache Curator; the design is
 * in {@code ZOOKEEPER.md} beside this file.
 */
@NullMarked
package io.github.distlock.zookeeper;

import org.jspecify.annotations.NullMarked;
