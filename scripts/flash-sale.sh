#!/usr/bin/env bash
#
# Flash sale against two instances of the sample app that share one Redis.
#
# Builds the project once, starts the app on ports 8081 and 8082 (the first one starts an
# embedded Redis on localhost:6379 unless one runs there; the second joins it), runs the load
# driver against both for every buy mode, prints the report and stops both instances.
#
# Settings (environment): STOCK (1000), BUYERS (5000), CONCURRENCY (64),
# MODES (lock,segmented,atomic,unsafe), GOODS (1), PORTS ("8081 8082"),
# WARMUP (500: buyers of an unreported first run per mode on good GOODS+1, so that the JIT has
# compiled the instances before the measured runs; 0 for none),
# MVN_FLAGS (extra Maven flags, e.g. -o), APP_JAVA_OPTS (-Xmx512m), SKIP_BUILD (unset).
# Logs and the report go to sample-app/target/flash-sale/.
#
# Exit status: the load driver's (0: every mode but unsafe kept the stock right; 3: one did not;
# 2: a run failed), or 1 when the build or an instance failed.

set -euo pipefail

cd "$(dirname "$0")/.."

STOCK=${STOCK:-1000}
BUYERS=${BUYERS:-5000}
CONCURRENCY=${CONCURRENCY:-64}
MODES=${MODES:-lock,segmented,atomic,unsafe}
GOODS=${GOODS:-1}
WARMUP=${WARMUP:-500}
read -r -a PORTS <<<"${PORTS:-8081 8082}"
APP_JAVA_OPTS=${APP_JAVA_OPTS:--Xmx512m}
JAR=sample-app/target/sample-app-0.1.0-SNAPSHOT.jar
OUT=sample-app/target/flash-sale
PIDS=()

log() {
	printf '[flash-sale] %s\n' "$*" >&2
}

stop_instances() {
	local i pid
	for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
		pid=${PIDS[i]}
		if kill -0 "$pid" 2>/dev/null; then
			log "Stopping the instance with pid $pid"
			kill "$pid" 2>/dev/null || true
			for _ in $(seq 1 30); do
				kill -0 "$pid" 2>/dev/null || break
				sleep 1
			done
			kill -9 "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
		fi
	done
}
trap stop_instances EXIT
trap 'exit 130' INT TERM

listens() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

build() {
	if [[ -n "${SKIP_BUILD:-}" && -f "$JAR" ]]; then
		log "Using the jar built before: $JAR"
		return
	fi
	log "Building (./mvnw install -DskipTests)"
	# shellcheck disable=SC2086
	./mvnw -q -B $MVN_FLAGS install -DskipTests
}

start_instance() {
	local port=$1
	if listens "$port"; then
		log "Port $port is taken; stop what runs there or choose other PORTS"
		exit 1
	fi
	# shellcheck disable=SC2086
	java $APP_JAVA_OPTS -jar "$JAR" --server.port="$port" >"$OUT/app-$port.log" 2>&1 &
	PIDS+=("$!")
	log "Started the app on port $port (pid $!, log $OUT/app-$port.log)"
	wait_until_up "$port" "$!"
}

wait_until_up() {
	local port=$1 pid=$2 status
	for _ in $(seq 1 120); do
		if ! kill -0 "$pid" 2>/dev/null; then
			log "The app on port $port stopped while starting; the end of its log:"
			tail -n 30 "$OUT/app-$port.log" >&2
			exit 1
		fi
		status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://localhost:$port/api/goods/0" || true)
		if [[ "$status" == 404 || "$status" == 200 ]]; then
			log "The app on port $port answers"
			return
		fi
		sleep 1
	done
	log "The app on port $port did not answer within 120 s; see $OUT/app-$port.log"
	exit 1
}

main() {
	mkdir -p "$OUT"
	build
	local redis_before=no urls="" port
	listens 6379 && redis_before=yes
	for port in "${PORTS[@]}"; do
		start_instance "$port"
		urls+="${urls:+,}http://localhost:$port"
	done
	if [[ $redis_before == yes ]]; then
		log "Both instances use the Redis that already listened on localhost:6379"
	else
		log "Both instances use the embedded Redis that the instance on port ${PORTS[0]} started on localhost:6379"
	fi
	local status=0
	java -cp "$JAR" -Dloader.main=io.github.distlock.sample.sale.FlashSaleLoadDriver \
		org.springframework.boot.loader.launch.PropertiesLauncher \
		--urls "$urls" --goods "$GOODS" --stock "$STOCK" --buyers "$BUYERS" \
		--concurrency "$CONCURRENCY" --modes "$MODES" --warmup "$WARMUP" | tee "$OUT/report.txt" || status=$?
	log "Report saved in $OUT/report.txt"
	return "$status"
}

main "$@"
