package io.github.distlock.benchmarks;

import java.util.List;

/**
 * What one round of a scenario came to, for the harness's verdict and its summary over rounds.
 *
 * @param clean whether every run was clean: no failures, timeouts, errors, hangs or lost updates
 * @param headlines the scenario's headline figures, in the order the summary lists them
 */
record ScenarioOutcome(boolean clean, List<Headline> headlines) {

}
