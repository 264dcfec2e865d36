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

package io.github.distlock.core;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Locker;
import io.github.distlock.store.StoredLock;

/**
 * Mints owner tokens that say who took a lock, and reads them back for operators
 * (PROTOCOL.md, "Owner tokens and who holds a lock"):
 * {@code <secret> <since> <instance>}. The secret is 96 random bits drawn once per
 * template, then a counter, so every token is unique without a {@link SecureRandom} call
 * (and its lock) per acquisition, and a template knows its own tokens.
 */
final class OwnerTokens {

	/**
	 * Ends the process's part of a token ({@link Locker#processOf}): its random part,
	 * which has none.
	 */
	static final char PROCESS_END = ':';

	private final String secretPrefix = randomPart();

	private final AtomicLong counter = new AtomicLong();

	/** What follows the time in every token: a space and the instance's name. */
	private final String instanceSuffix;

	OwnerTokens(String instance) {
		this.instanceSuffix = " " + instance;
	}

	/** A new token, taking the lock now. */
	String next() {
		return this.secretPrefix + Long.toString(this.counter.incrementAndGet(), 36) + " " + System.currentTimeMillis()
				+ this.instanceSuffix;
	}

	/**
	 * Who holds a lock, from the token the store keeps, without its secret.
	 * @param stored the lock's value and time to live in the store
	 * @return the holder; its instance is {@code "unknown"} when the value is not a token
	 * of this form
	 */
	LockHolder holderOf(StoredLock stored) {
		String owner = stored.owner();
		boolean ours = owner.startsWith(this.secretPrefix);
		int secretEnd = owner.indexOf(' ');
		int sinceEnd = (secretEnd > 0) ? owner.indexOf(' ', secretEnd + 1) : -1;
		Instant since = (sinceEnd > 0) ? epochMillis(owner.substring(secretEnd + 1, sinceEnd)) : null;
		if (since == null) {
			return new LockHolder(LockHolder.UNKNOWN_INSTANCE, null, ours, stored.timeToLive());
		}
		return new LockHolder(owner.substring(sinceEnd + 1), since, ours, stored.timeToLive());
	}

	private static @Nullable Instant epochMillis(String text) {
		try {
			return Instant.ofEpochMilli(Long.parseLong(text));
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	private static String randomPart() {
		byte[] bytes = new byte[12];
		new SecureRandom().nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes) + PROCESS_END;
	}

}
