package io.github.distlock.sample;

import java.util.Map;

import org.springframework.core.env.Environment;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Which store this instance's locks live in, for the page ({@code GET /api/store}).
 */
@RestController
class LockStoreController {

	private final String store;

	LockStoreController(Environment environment) {
		this.store = environment.getProperty("distlock.store", "redis");
	}

	@GetMapping("/api/store")
	Map<String, String> store() {
		return Map.of("store", this.store);
	}

}
