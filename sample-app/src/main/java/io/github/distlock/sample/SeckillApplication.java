package io.github.distlock.sample;

import io.github.distlock.sample.goods.SeckillProperties;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The flash-sale ("seckill") demo. With no Redis configured and none on localhost:6379, it starts
 * an embedded one; with {@code distlock.store=zookeeper} and no ZooKeeper configured, it starts
 * one in this JVM.
 */
@SpringBootApplication
@EnableConfigurationProperties(SeckillProperties.class)
public class SeckillApplication {

	public static void main(String[] args) {
		SpringApplication application = new SpringApplication(SeckillApplication.class);
		application.addListeners(new EmbeddedRedisStarter(), new EmbeddedZooKeeperStarter());
		application.run(args);
	}

}
