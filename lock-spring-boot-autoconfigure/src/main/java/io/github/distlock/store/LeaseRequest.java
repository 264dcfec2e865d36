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

package io.github.distlock.store;

import java.time.Duration;

/**
 * One lock's lease as its owner wants it set, for {@link Locker#renew}.
 *
 * @param key the lock's identity
 * @param owner the owner's token
 * @param lease the new lease, counted from when the store runs the request (see
 * {@link Locker#tryAcquire} for its granularity)
 * @since 0.1.0
 */
public record LeaseRequest(String key, String owner, Duration lease) {

}
