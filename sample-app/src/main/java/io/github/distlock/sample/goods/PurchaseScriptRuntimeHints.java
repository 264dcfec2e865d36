package io.github.distlock.sample.goods;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.core.io.ClassPathResource;

/**
 * Makes the atomic purchase's Lua script a resource of a native image.
 */
final class PurchaseScriptRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.resources().registerResource(new ClassPathResource(AtomicPurchase.SCRIPT, AtomicPurchase.class));
	}

}
