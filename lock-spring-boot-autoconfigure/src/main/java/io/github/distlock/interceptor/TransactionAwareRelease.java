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

package io.github.distlock.interceptor;

import io.github.distlock.LockHandle;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * Releases a synchronous method's lock when it returns, or, when a caller's transaction
 * is still open then, once that transaction commits or rolls back, so no other holder
 * reads data the transaction has not committed yet.
 */
final class TransactionAwareRelease {

	private static final boolean transactionsPresent = ClassUtils.isPresent(
			"org.springframework.transaction.support.TransactionSynchronizationManager",
			TransactionAwareRelease.class.getClassLoader());

	private TransactionAwareRelease() {
	}

	static void release(LockHandle handle) {
		if (!transactionsPresent || !Transactions.releaseAfterCompletion(handle)) {
			handle.close();
		}
	}

	/**
	 * Spring's transaction types, in a class of their own that is loaded only when they
	 * are on the class path: naming them in {@link TransactionAwareRelease} itself would
	 * make the JVM load them to verify it, and an application without spring-tx could not
	 * lock.
	 */
	private static final class Transactions {

		/**
		 * Registers the release for the end of the caller's transaction; {@code false}
		 * when none is open.
		 */
		static boolean releaseAfterCompletion(LockHandle handle) {
			if (!TransactionSynchronizationManager.isSynchronizationActive()
					|| !TransactionSynchronizationManager.isActualTransactionActive()) {
				return false;
			}
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void afterCompletion(int status) {
					handle.close();
				}

			});
			return true;
		}

	}

}
