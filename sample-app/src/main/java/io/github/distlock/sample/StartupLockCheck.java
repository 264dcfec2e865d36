package io.github.distlock.sample;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Takes and releases one lock at start-up, so a new user sees the starter at work in the log.
 */
@Component
class StartupLockCheck implements ApplicationRunner {

	private static final Log logger = LogFactory.getLog(StartupLockCheck.class);

	private final LockTemplate lockTemplate;

	StartupLockCheck(LockTemplate lockTemplate) {
		this.lockTemplate = lockTemplate;
	}

	@Override
	public void run(ApplicationArguments args) {
		try (LockHandle handle = this.lockTemplate
			.tryAcquire("sample:startup", Duration.ofSeconds(5), Duration.ofSeconds(5))
			.orElseThrow()) {
			logger.info("distlock is working: took lock '" + handle.key() + "' with fencing token " + handle.fencingToken());
		}
	}

}
