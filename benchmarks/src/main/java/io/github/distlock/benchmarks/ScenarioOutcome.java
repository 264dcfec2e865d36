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

package io.github.distlock.benchmarks;

import java.util.List;

/**
 * What one round of a scenario came to, for the harness's verdict and its summary over
 * rounds.
 *
 * @param clean whether every run was clean: no failures, timeouts, errors, hangs or lost
 * updates
 * @param headlines the scenario's headline figures, in the order the summary lists them
 */
record ScenarioOutcome(boolean clean, List<Headline> headlines) {

}
