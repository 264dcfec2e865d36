package io.github.distlock.core;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Mints owner tokens: 128 random bits from {@link SecureRandom}, one per outermost acquisition,
 * so no other process can guess (and so release) a lock it does not hold.
 */
final class OwnerTokens {

	private static final SecureRandom random = new SecureRandom();

	private static final Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();

	private OwnerTokens() {
	}

	static String next() {
		byte[] bytes = new byte[16];
		random.nextBytes(bytes);
		return encoder.encodeToString(bytes);
	}

}
