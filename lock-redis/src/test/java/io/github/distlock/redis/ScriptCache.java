package io.github.distlock.redis;

import java.util.List;

import io.github.distlock.test.redis.RedisServer;

import org.springframework.data.redis.core.script.RedisScript;

/** What a test server's script cache holds of the locker's scripts. */
final class ScriptCache {

	private ScriptCache() {
	}

	/** Whether every script of the locker is in the server's cache ({@code SCRIPT EXISTS}). */
	static boolean loaded(RedisServer server) {
		String[] shas = LockScripts.ALL.stream().map(RedisScript::getSha1).toArray(String[]::new);
		List<Boolean> exists = server.withConnection((connection) -> connection.sync().scriptExists(shas));
		return !exists.contains(false);
	}

}
