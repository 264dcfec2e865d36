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

package io.github.distlock.sample.goods;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the flash sale.
 */
@ConfigurationProperties("seckill")
public class SeckillProperties {

	/**
	 * Number of segments a good's stock is split into; each has its own lock in segmented
	 * mode.
	 */
	private int segments = 8;

	/**
	 * How long a segmented purchase waits for a free segment before it answers busy.
	 */
	private Duration segmentWait = Duration.ofSeconds(5);

	public int getSegments() {
		return this.segments;
	}

	public void setSegments(int segments) {
		this.segments = segments;
	}

	public Duration getSegmentWait() {
		return this.segmentWait;
	}

	public void setSegmentWait(Duration segmentWait) {
		this.segmentWait = segmentWait;
	}

}
