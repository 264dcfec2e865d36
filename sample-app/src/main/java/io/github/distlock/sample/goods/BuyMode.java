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

package io.github.distlock.sample.goods;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a purchase keeps the stock right.
 */
public enum BuyMode {

	/** Read-modify-write under {@code @DistributedLock} on the good. */
	LOCK,
	/** Read-modify-write under the lock of one of the good's stock segments. */
	SEGMENTED,
	/**
	 * One Lua script that checks and decrements, with no lock: the reference for what a
	 * lock costs.
	 */
	ATOMIC,
	/** Read-modify-write with no lock: shows that it oversells. */
	UNSAFE;

	/**
	 * Parses a mode as the API takes it ({@code lock}, {@code segmented}, ...).
	 * @throws IllegalArgumentException naming the modes when there is no such mode
	 */
	public static BuyMode parse(String value) {
		for (BuyMode mode : values()) {
			if (mode.name().equalsIgnoreCase(value)) {
				return mode;
			}
		}
		throw new IllegalArgumentException("Unknown mode '" + value + "'; use one of "
				+ Arrays.stream(values()).map(BuyMode::toString).collect(Collectors.joining(", ")));
	}

	@Override
	public String toString() {
		return name().toLowerCase(Locale.ROOT);
	}

}
