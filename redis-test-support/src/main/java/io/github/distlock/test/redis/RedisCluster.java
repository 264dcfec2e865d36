/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.test.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.models.partitions.ClusterPartitionParser;
import io.lettuce.core.cluster.models.partitions.Partitions;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode.NodeFlag;

/**
 * A Redis Cluster of three masters, each with one replica, on free loopback ports, for
 * tests.
 *
 * <p>
 * It is formed from Java ({@code CLUSTER MEET}, {@code ADDSLOTS}, {@code REPLICATE}), so
 * it needs no {@code redis-cli}, and is ready once every node says the cluster is ok and
 * every replica is in sync. A test can kill a master ({@link #kill(RedisServer)}) and
 * wait until its replica has taken over ({@link #awaitFailover(RedisServer)}).
 */
public final class RedisCluster implements RedisTopology {

	private static final int MASTERS = 3;

	/**
	 * Short, so that a killed master is failed over within seconds; long enough for a
	 * busy CI machine.
	 */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private final List<RedisServer> nodes = new ArrayList<>();

	private final NodeConnections connections = new NodeConnections();

	/**
	 * A slot of each killed master, by port, noted before the kill: once its replica took
	 * over, no node's view ties the dead master to its slots any more.
	 */
	private final Map<Integer, Integer> slotsOfKilled = new ConcurrentHashMap<>();

	private RedisCluster() {
	}

	/**
	 * Starts six nodes, three masters sharing the slots evenly and a replica of each, and
	 * waits until the cluster is ready.
	 * @return the running cluster
	 */
	public static RedisCluster start() {
		RedisCluster cluster = new RedisCluster();
		try {
			for (int i = 0; i < 2 * MASTERS; i++) {
				cluster.nodes.add(RedisServer.start(List.of("--cluster-enabled", "yes", "--cluster-config-file",
						"nodes.conf", "--cluster-node-timeout", String.valueOf(NODE_TIMEOUT.toMillis()),
						"--repl-diskless-sync", "yes", "--repl-diskless-sync-delay", "0")));
			}
			cluster.form();
			return cluster;
		}
		catch (RuntimeException ex) {
			cluster.close();
			throw ex;
		}
	}

	/**
	 * Returns every node, masters first as the cluster was formed; failovers change their
	 * roles.
	 */
	public List<RedisServer> nodes() {
		return List.copyOf(this.nodes);
	}

	/**
	 * Returns every node's address, {@code host:port} separated by commas, as Spring
	 * Boot's {@code spring.data.redis.cluster.nodes} takes them.
	 * @return the addresses
	 */
	public String addresses() {
		return String.join(",", this.nodes.stream().map(RedisServer::address).toList());
	}

	@Override
	public String[] springDataRedisProperties() {
		return new String[] { "spring.data.redis.cluster.nodes=" + addresses() };
	}

	/**
	 * Returns the master that serves a key now, in the view of a running node.
	 * @param key the key
	 * @return the master of the key's slot
	 */
	@Override
	public RedisServer masterOf(String key) {
		return masterOf(SlotHash.getSlot(key));
	}

	/**
	 * Returns the master that serves a slot now, in the view of a running node.
	 * @param slot the slot
	 * @return the master
	 */
	public RedisServer masterOf(int slot) {
		return server(view(anyRunningNode()).getMasterBySlot(slot));
	}

	/**
	 * Kills a master with {@code SIGKILL}, as a crash would, first noting a slot it
	 * serves, which its replica takes over.
	 * @param master the master to kill
	 */
	@Override
	public void kill(RedisServer master) {
		RedisClusterNode self = view(master).stream()
			.filter((node) -> node.is(NodeFlag.MYSELF))
			.findFirst()
			.orElseThrow();
		if (!self.is(NodeFlag.UPSTREAM) || self.getSlots().isEmpty()) {
			throw new IllegalArgumentException("The node on port " + master.port() + " serves no slot as master");
		}
		this.slotsOfKilled.put(master.port(), self.getSlots().get(0));
		master.kill();
	}

	/**
	 * Waits until a replica of a master killed by {@link #kill(RedisServer)} has taken
	 * over its slots, as every running node sees it, and the cluster is ok again.
	 * @param killed the master that was killed
	 * @return the new master of its slots
	 */
	@Override
	public RedisServer awaitFailover(RedisServer killed) {
		Integer slot = this.slotsOfKilled.get(killed.port());
		if (slot == null) {
			throw new IllegalArgumentException(
					"The node on port " + killed.port() + " was not killed by RedisCluster.kill");
		}
		NodeConnections.await("failover of the master on port " + killed.port(), READY_TIMEOUT,
				() -> runningNodes().stream().allMatch((node) -> servesAsHealthyMaster(node, slot, killed)));
		return masterOf(slot);
	}

	/**
	 * Starts a killed node again on its port, with the cluster configuration it had, and
	 * waits until it has rejoined as a replica in sync and the cluster is ready, so that
	 * its slots can fail over once more.
	 * @param killed the node that was killed
	 */
	@Override
	public void rejoin(RedisServer killed) {
		killed.restart();
		this.slotsOfKilled.remove(killed.port());
		NodeConnections.await("the node on port " + killed.port() + " to rejoin as a replica in sync", READY_TIMEOUT,
				() -> this.nodes.stream().allMatch(this::isReady));
	}

	/**
	 * Returns the replica of a master, in the master's own view.
	 * @param master the master
	 * @return its replica
	 */
	@Override
	public RedisServer replicaOf(RedisServer master) {
		Partitions view = view(master);
		String id = view.stream().filter((node) -> node.is(NodeFlag.MYSELF)).findFirst().orElseThrow().getNodeId();
		return server(view.stream()
			.filter((node) -> node.is(NodeFlag.REPLICA) && id.equals(node.getSlaveOf()))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("The master on port " + master.port() + " has no replica")));
	}

	@Override
	public void close() {
		this.nodes.forEach(RedisServer::close);
		this.connections.close();
	}

	private void form() {
		RedisServer first = this.nodes.get(0);
		this.nodes
			.forEach((node) -> this.connections.on(first, (redis) -> redis.clusterMeet(node.host(), node.port())));
		for (int i = 0; i < MASTERS; i++) {
			int[] slots = IntStream.range(SlotHash.SLOT_COUNT * i / MASTERS, SlotHash.SLOT_COUNT * (i + 1) / MASTERS)
				.toArray();
			this.connections.on(this.nodes.get(i), (redis) -> redis.clusterAddSlots(slots));
		}
		NodeConnections.await("every node to know every other", READY_TIMEOUT,
				() -> this.nodes.stream().allMatch((node) -> view(node).size() == this.nodes.size()));
		for (int i = 0; i < MASTERS; i++) {
			String masterId = this.connections.on(this.nodes.get(i), (redis) -> redis.clusterMyId());
			this.connections.on(this.nodes.get(MASTERS + i), (redis) -> redis.clusterReplicate(masterId));
		}
		NodeConnections.await("the cluster to be ok with every replica in sync", READY_TIMEOUT,
				() -> this.nodes.stream().allMatch(this::isReady));
	}

	/**
	 * Ok, sees three masters and three replicas, none failing, and, if a replica, is in
	 * sync.
	 */
	private boolean isReady(RedisServer node) {
		Partitions view = view(node);
		long replicas = view.stream().filter((other) -> other.is(NodeFlag.REPLICA)).count();
		boolean inSync = view.stream().noneMatch((self) -> self.is(NodeFlag.MYSELF) && self.is(NodeFlag.REPLICA))
				|| this.connections.on(node, (redis) -> redis.info("replication")).contains("master_link_status:up");
		return isOk(node) && replicas == MASTERS && view.stream().noneMatch(RedisCluster::isFailing) && inSync;
	}

	private boolean servesAsHealthyMaster(RedisServer node, int slot, RedisServer killed) {
		RedisClusterNode master = view(node).getMasterBySlot(slot);
		return isOk(node) && master != null && master.getUri().getPort() != killed.port() && !isFailing(master);
	}

	private boolean isOk(RedisServer node) {
		return this.connections.on(node, (redis) -> redis.clusterInfo()).contains("cluster_state:ok");
	}

	private Partitions view(RedisServer node) {
		String nodes = this.connections.on(node, (redis) -> redis.clusterNodes());
		return ClusterPartitionParser.parse(nodes);
	}

	private RedisServer anyRunningNode() {
		return runningNodes().stream().findFirst().orElseThrow(() -> new IllegalStateException("No node is running"));
	}

	private List<RedisServer> runningNodes() {
		return this.nodes.stream().filter(RedisServer::isRunning).toList();
	}

	private RedisServer server(RedisClusterNode node) {
		return this.nodes.stream()
			.filter((candidate) -> node != null && candidate.port() == node.getUri().getPort())
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No node of the cluster serves as " + node));
	}

	private static boolean isFailing(RedisClusterNode node) {
		return node.is(NodeFlag.FAIL) || node.is(NodeFlag.EVENTUAL_FAIL) || node.is(NodeFlag.HANDSHAKE)
				|| node.is(NodeFlag.NOADDR);
	}

}
