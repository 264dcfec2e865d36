package io.github.distlock.interceptor;

import io.github.distlock.LockHandle;

import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * Releases a synchronous method's lock when it returns, or, when a caller's transaction is still
 * open then, once that transaction commits or rolls back, so no other holder reads data the
 * transaction has not committed yet.
 */
final class LockRelease {

	private static final boolean transactionsPresent = ClassUtils.isPresent(
			"org.springframework.transaction.support.TransactionSynchronizationManager", LockRelease.class.getClassLoader());

	private LockRelease() {
	}

	static void afterTransaction(LockHandle handle) {
		if (transactionsPresent && TransactionSynchronizationManager.isSynchronizationActive()
				&& TransactionSynchronizationManager.isActualTransactionActive()) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void afterCompletion(int status) {
					handle.close();
				}

			});
		}
		else {
			handle.close();
		}
	}

}
