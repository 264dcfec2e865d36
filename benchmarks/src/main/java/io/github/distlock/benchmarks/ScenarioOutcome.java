package io.github.distlock.benchmarks;

import java.util.OptionalDouble;

/**
 * What one round of a scenario came to, for the harness's verdict and its summary over rounds.
 *
 * @param clean whether every run was clean: no failures, timeouts, errors, hangs or lost updates
 * @param headline the label of the scenario's headline figure, the first row of its table
 * @param ratio the headline figure's ratio distlock / raw, empty when either contender is missing
 */
record ScenarioOutcome(boolean clean, String headline, OptionalDouble ratio) {

}
