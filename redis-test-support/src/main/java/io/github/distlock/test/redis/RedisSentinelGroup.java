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

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A master, its replica and three Sentinels that watch them, on free loopback ports, for
 * tests.
 *
 * <p>
 * The Sentinels are the same {@code redis-server} binary in sentinel mode. They take a
 * master for down after two seconds and then fail it over, so a test can kill the master
 * ({@link RedisServer#kill()}) and wait until the replica has taken over
 * ({@link #awaitFailover(RedisServer)}).
 */
public final class RedisSentinelGroup implements RedisTopology {

	/** The name under which the Sentinels monitor the master. */
	public static final String MASTER_NAME = "mymaster";

	private static final int SENTINELS = 3;

	private static final int QUORUM = 2;

	/**
	 * Short, so that a killed master is failed over within seconds, and longer than a
	 * loaded machine stalls a healthy master, which the Sentinels would fail over too.
	 */
	private static final Duration DOWN_AFTER = Duration.ofSeconds(2);

	/** Short, so that a failover that stalled is retried soon. */
	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

	private static final List<String> REPLICATION = List.of("--repl-diskless-sync", "yes", "--repl-diskless-sync-delay",
			"0");

	private final List<RedisServer> servers = new ArrayList<>();

	private final List<RedisServer> sentinels = new ArrayList<>();

	private final NodeConnections connections = new NodeConnections();

	private RedisSentinelGroup() {
	}

	/**
	 * Starts a master, a replica of it and three Sentinels, and waits until the replica
	 * is in sync and every Sentinel knows the replica and the other Sentinels.
	 * @return the running group
	 */
	public static RedisSentinelGroup start() {
		RedisSentinelGroup group = new RedisSentinelGroup();
		try {
			RedisServer master = RedisServer.start(REPLICATION);
			group.servers.add(master);
			group.servers.add(RedisServer.start(Stream
				.concat(REPLICATION.stream(), Stream.of("--replicaof", master.host(), String.valueOf(master.port())))
				.toList()));
			for (int i = 0; i < SENTINELS; i++) {
				group.sentinels.add(RedisServer.startSentinel(sentinelOptions(master)));
			}
			group.awaitReady();
			return group;
		}
		catch (RuntimeException ex) {
			group.close();
			throw ex;
		}
	}

	/**
	 * Returns the master and the replica, in the order they started; failovers swap their
	 * roles.
	 */
	public List<RedisServer> servers() {
		return List.copyOf(this.servers);
	}

	/** Returns the Sentinels. */
	public List<RedisServer> sentinels() {
		return List.copyOf(this.sentinels);
	}

	/**
	 * Returns every Sentinel's address, {@code host:port} separated by commas, as Spring
	 * Boot's {@code spring.data.redis.sentinel.nodes} takes them.
	 * @return the addresses
	 */
	public String sentinelAddresses() {
		return String.join(",", this.sentinels.stream().map(RedisServer::address).toList());
	}

	@Override
	public String[] springDataRedisProperties() {
		return new String[] { "spring.data.redis.sentinel.master=" + MASTER_NAME,
				"spring.data.redis.sentinel.nodes=" + sentinelAddresses() };
	}

	/** Returns the master, which serves every key. */
	@Override
	public RedisServer masterOf(String key) {
		return master();
	}

	/** Returns the other server than the master: the replica. */
	@Override
	public RedisServer replicaOf(RedisServer master) {
		return this.servers.stream().filter((server) -> !server.equals(master)).findFirst().orElseThrow();
	}

	@Override
	public void kill(RedisServer master) {
		master.kill();
	}

	/**
	 * Returns the master now, as a running Sentinel names it
	 * ({@code SENTINEL get-master-addr-by-name}).
	 * @return the master
	 */
	public RedisServer master() {
		RedisServer sentinel = this.sentinels.stream()
			.filter(RedisServer::isRunning)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No Sentinel is running"));
		return server(masterPort(sentinel));
	}

	/**
	 * Waits until every running Sentinel names another master than the one that was
	 * killed, and that one serves as master.
	 * @param killed the master that was killed
	 * @return the new master
	 */
	@Override
	public RedisServer awaitFailover(RedisServer killed) {
		NodeConnections.await("failover of the master on port " + killed.port(), READY_TIMEOUT,
				() -> this.sentinels.stream().filter(RedisServer::isRunning).allMatch((sentinel) -> {
					int port = masterPort(sentinel);
					return port != killed.port()
							&& this.connections.on(server(port), (redis) -> redis.info("replication"))
								.contains("role:master");
				}));
		return master();
	}

	/**
	 * Starts a killed server again, empty, on its port, makes it a replica of the master,
	 * and waits until it is in sync and every Sentinel sees it as a live replica, so that
	 * the group can fail over once more.
	 * @param killed the server that was killed
	 */
	@Override
	public void rejoin(RedisServer killed) {
		killed.restart();
		// Made a replica here rather than left to the Sentinels, which convert a
		// returning master
		// only after seconds of seeing it, and not at all while a loaded machine keeps
		// them in TILT.
		RedisServer master = master();
		this.connections.on(killed, (redis) -> redis.replicaof(master.host(), master.port()));
		NodeConnections.await("the server on port " + killed.port() + " to rejoin as a replica in sync", READY_TIMEOUT,
				() -> this.connections.on(killed, (redis) -> redis.info("replication"))
					.contains("master_link_status:up")
						&& this.sentinels.stream().allMatch((sentinel) -> knowsAsLiveReplica(sentinel, killed)));
	}

	/**
	 * Whether the Sentinel lists the server among the master's replicas and sees it up
	 * (it may list others it once knew, now down, as well).
	 */
	private boolean knowsAsLiveReplica(RedisServer sentinel, RedisServer server) {
		return this.connections.onSentinel(sentinel, (redis) -> redis.replicas(MASTER_NAME))
			.stream()
			.anyMatch((replica) -> replica.get("port").equals(String.valueOf(server.port()))
					&& !replica.get("flags").contains("down") && !replica.get("flags").contains("disconnected"));
	}

	@Override
	public void close() {
		this.sentinels.forEach(RedisServer::close);
		this.servers.forEach(RedisServer::close);
		this.connections.close();
	}

	private void awaitReady() {
		NodeConnections.await("the replica to be in sync", READY_TIMEOUT,
				() -> this.connections.on(this.servers.get(1), (redis) -> redis.info("replication"))
					.contains("master_link_status:up"));
		NodeConnections.await("every Sentinel to know the replica and the other Sentinels", READY_TIMEOUT,
				() -> this.sentinels.stream().allMatch((sentinel) -> {
					Map<String, String> master = this.connections.onSentinel(sentinel,
							(redis) -> redis.master(MASTER_NAME));
					return master.get("flags").equals("master") && master.get("num-slaves").equals("1")
							&& master.get("num-other-sentinels").equals(String.valueOf(SENTINELS - 1));
				}));
	}

	private int masterPort(RedisServer sentinel) {
		SocketAddress address = this.connections.onSentinel(sentinel,
				(redis) -> redis.getMasterAddrByName(MASTER_NAME));
		return ((InetSocketAddress) address).getPort();
	}

	private RedisServer server(int port) {
		return this.servers.stream()
			.filter((server) -> server.port() == port)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No server of the group listens on port " + port));
	}

	private static List<String> sentinelOptions(RedisServer master) {
		return List.of("--sentinel", "monitor", MASTER_NAME, master.host(), String.valueOf(master.port()),
				String.valueOf(QUORUM), "--sentinel", "down-after-milliseconds", MASTER_NAME,
				String.valueOf(DOWN_AFTER.toMillis()), "--sentinel", "failover-timeout", MASTER_NAME,
				String.valueOf(FAILOVER_TIMEOUT.toMillis()));
	}

}
