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
 * The exploration's workload and its checks on real time: threads of several processes
 * taking a few locks with random leases, waits, re-entry, fencing and minimum holds, and
 * the history checked afterwards. The store contract's
 * {@code AbstractLockerContractTests.Exploration} runs it on any store; distlock's own
 * tests run the same workload on a simulation's virtual time. Not meant to be called by a
 * store's tests directly.
 */
@NullMarked
package io.github.distlock.test.support.exploration;

import org.jspecify.annotations.NullMarked;
