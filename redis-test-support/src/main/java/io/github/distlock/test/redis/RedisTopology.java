package io.github.distlock.test.redis;

/**
 * A deployment of Redis with replicas, whose masters a test can kill and see replaced: a
 * {@link RedisCluster} or a {@link RedisSentinelGroup}.
 */
public interface RedisTopology extends AutoCloseable {

	/**
	 * Returns Spring Boot's {@code spring.data.redis.*} settings that connect to the deployment.
	 * @return the settings, as {@code name=value}
	 */
	String[] springDataRedisProperties();

	/**
	 * Returns the master that serves a key now.
	 * @param key the key
	 * @return the master
	 */
	RedisServer masterOf(String key);

	/**
	 * Returns a replica of a master.
	 * @param master the master
	 * @return its replica
	 */
	RedisServer replicaOf(RedisServer master);

	/**
	 * Kills a master with {@code SIGKILL}, as a crash would.
	 * @param master the master
	 */
	void kill(RedisServer master);

	/**
	 * Waits until a replica has taken over from a killed master.
	 * @param killed the master that was killed
	 * @return the new master
	 */
	RedisServer awaitFailover(RedisServer killed);

	/**
	 * Starts a killed master again and waits until it serves as a replica in sync.
	 * @param killed the master that was killed
	 */
	void rejoin(RedisServer killed);

	@Override
	void close();

}
