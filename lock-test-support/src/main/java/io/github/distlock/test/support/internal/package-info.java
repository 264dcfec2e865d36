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

/**
 * The kit's internals, with no promise of compatibility between versions: the
 * exploration's workload (threads of several processes taking a few locks with random
 * leases, waits, re-entry, fencing and minimum holds) and its checks on real time, which
 * the store contract's {@code AbstractLockerContractTests.Exploration} runs on any store.
 * They are public only because distlock's own tests run the same workload on a
 * simulation's virtual time, from the core's package. A store's tests do not call them.
 */
@NullMarked
package io.github.distlock.test.support.internal;

import org.jspecify.annotations.NullMarked;
