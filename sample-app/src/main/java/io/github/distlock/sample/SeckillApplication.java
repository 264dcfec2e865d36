package io.github.distlock.sample;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The flash-sale ("seckill") demo. With no Redis configured and none on localhost:6379, it starts
 * an embedded one.
 */
@SpringBootApplication
public class SeckillApplication {

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(SeckillApplication.class);
		application.addListeners(new EmbeddedRedisStarter());
		application.run(args);
	}

}
