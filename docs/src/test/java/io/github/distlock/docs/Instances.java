package io.github.distlock.docs;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts an application of a page's example as one instance of a service: two started with the
 * same store stand for two JVMs.
 */
public final class Instances {

	private Instances() {
	}

	/**
	 * Starts an instance, without a web server.
	 * @param application the application's configuration class
	 * @param properties its properties, as {@code name=value}
	 * @return the running instance
	 */
	public static ConfigurableApplicationContext start(Class<?> application, String... properties) {
		return new SpringApplicationBuilder(application).web(WebApplicationType.NONE).properties(properties).run();
	}

}
