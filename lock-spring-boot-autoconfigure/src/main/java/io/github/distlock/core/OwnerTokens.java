package io.github.distlock.core;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Mints owner tokens: 96 random bits drawn once per process, then a counter, so every claim's
 * token is unique without a {@link SecureRandom} call (and its lock) per acquisition.
 */
final class OwnerTokens {

	private static final String processPart = randomPart();

	private static final AtomicLong counter = new AtomicLong();

	private OwnerTokens() {
	}

	static String next() {
		return processPart + Long.toString(counter.incrementAndGet(), 36);
	}

	private static String randomPart() {
		byte[] bytes = new byte[12];
		new SecureRandom().nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) + ":";
	}

}
