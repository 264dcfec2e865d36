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

/**
 * A good as the API shows it.
 *
 * @param goodsId the good's id
 * @param stock units left, over all segments
 * @param sold units sold
 * @param initial the stock that was set
 * @param buyers how many users bought it
 * @param segments how many segments the stock is split into
 */
public record Goods(long goodsId, long stock, long sold, long initial, long buyers, int segments) {

}
