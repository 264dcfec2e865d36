package io.github.distlock.redis;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * Makes the Lua scripts beside {@link LockScripts} resources of a native image, where a class
 * path resource that is not named at build time does not exist. Registered in
 * {@code META-INF/spring/aot.factories}, as Spring Data Redis registers its own hints, so they
 * apply whenever the {@link RedisLocker} may run, whether or not the auto-configuration made it.
 */
final class LockScriptsRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerPattern(LockScripts.class.getPackageName().replace('.', '/') + "/*.lua");
	}

}
