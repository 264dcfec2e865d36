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

package io.github.distlock.sample;

import io.github.distlock.sample.goods.SeckillProperties;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The flash-sale ("seckill") demo. With no Redis configured and none on localhost:6379,
 * it starts an embedded one; with {@code distlock.store=zookeeper} and no ZooKeeper
 * configured, it starts one in this JVM.
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
