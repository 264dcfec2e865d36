#!/usr/bin/env bash
# Tests the release build without Maven Central: signs with a throwaway GnuPG key, deploys
# -Prelease to a staging folder (target/staging) instead of the Central Portal, and checks that
# each published module has what Central requires (jar, sources, javadoc, a standalone POM with
# name, description, url, licences, scm and developers, a valid signature of every file, a module
# name in every jar and no package in two of them) and that nothing unpublished (sample,
# benchmarks, test rigs, the parent) got there.
# Extra arguments go to Maven, e.g. -Dmaven.repo.local=... Needs gpg (Debian: gnupg).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
staging=$root/target/staging
log=$root/target/release-check.log
published=(distlock-bom lock-spring-boot-autoconfigure lock-redis lock-jdbc lock-zookeeper
	lock-spring-boot-starter lock-spring-boot-starter-jdbc lock-spring-boot-starter-zookeeper
	lock-spring-boot-test lock-test-support)
# modules with auto-configurations, whose jar must carry the autoconfigure processor's metadata
autoconfigured=(lock-spring-boot-autoconfigure lock-redis lock-jdbc lock-zookeeper lock-spring-boot-test)
unpublished=(distlock-parent sample-app benchmarks redis-test-support docs)

started=$SECONDS
rm -rf "$staging"
mkdir -p "$root/target"
GNUPGHOME=$(mktemp -d)
export GNUPGHOME
trap 'gpgconf --kill all >/dev/null 2>&1 || true; rm -rf "$GNUPGHOME"' EXIT
gpg --batch --quiet --passphrase '' --quick-generate-key 'distlock release check <release-check@example.invalid>' ed25519 sign 1d

echo "release-check: ./mvnw -B -ntp -Prelease -DskipTests deploy to target/staging (log: target/release-check.log)"
if ! ./mvnw -B -ntp -Prelease -DskipTests -Dmaven.install.skip=true "-DaltDeploymentRepository=staging::file://$staging" "$@" deploy >"$log" 2>&1; then
	tail -n 80 "$log"
	echo "release-check: the release build failed (whole log: target/release-check.log)" >&2
	exit 1
fi

problems=()
problem() {
	problems+=("$1")
}
signed() {
	local file=$1
	[[ -f $file ]] || { problem "missing: ${file#"$staging"/}"; return; }
	[[ -f $file.asc ]] || { problem "missing signature: ${file#"$staging"/}.asc"; return; }
	gpg --batch --quiet --verify "$file.asc" "$file" 2>/dev/null || problem "bad signature: ${file#"$staging"/}.asc"
}

group=$staging/io/github/distlock
for artifact in "${published[@]}"; do
	versions=("$group/$artifact"/*/)
	if [[ ! -d ${versions[0]} ]]; then
		problem "not deployed: $artifact"
		continue
	fi
	pom=$(ls "${versions[0]}"*.pom 2>/dev/null | head -n 1)
	if [[ -z $pom ]]; then
		problem "no POM: $artifact"
		continue
	fi
	base=${pom%.pom}
	signed "$pom"
	for element in name description url licenses scm developers; do
		grep -q "<$element[ >]" "$pom" || problem "$artifact: the POM has no <$element>"
	done
	grep -q '<parent>' "$pom" && problem "$artifact: the POM names a parent, which is not published"
	# the BOM's versions may stay ${project.version}: its own version, as importers read it
	grep -qP '\$\{(?!project\.version\})' "$pom" && problem "$artifact: the POM has an unresolved \${...}"
	if [[ $artifact == distlock-bom ]]; then
		for managed in "${published[@]:1}"; do
			grep -q "<artifactId>$managed</artifactId>" "$pom" || problem "distlock-bom does not manage $managed"
		done
		grep -q 'spring-boot-dependencies' "$pom" && problem "distlock-bom imports Spring Boot's BOM"
		continue
	fi
	for suffix in .jar -sources.jar -javadoc.jar; do
		signed "$base$suffix"
	done
done
# whatever else was published beside them (the autoconfigure module's test jar) is signed too
while IFS= read -r -d '' file; do
	[[ -f $file.asc ]] || problem "missing signature: ${file#"$staging"/}.asc"
done < <(find "$group" -type f ! -name '*.asc' ! -name '*.md5' ! -name '*.sha1' ! -name 'maven-metadata*' -print0)
for artifact in "${autoconfigured[@]}"; do
	jar=$(ls "$group/$artifact"/*/"$artifact"-*[0-9].jar 2>/dev/null | head -n 1)
	[[ -n $jar && $(jar tf "$jar") != *META-INF/spring-autoconfigure-metadata.properties* ]] &&
		problem "$artifact: the jar has no META-INF/spring-autoconfigure-metadata.properties"
done
# on the module path: each published jar names its module in its manifest, and no two jars share
# a package (java --validate-modules names every package found in two)
modules=$(mktemp -d)
for artifact in "${published[@]:1}"; do
	jar=$(ls "$group/$artifact"/*/"$artifact"-*[0-9].jar 2>/dev/null | head -n 1)
	[[ -n $jar ]] || continue
	# "name@version automatic": without Automatic-Module-Name the name is made from the file's
	module=$({ jar --describe-module --file "$jar" 2>&1 || true; } | sed -n 's/@.* automatic$//p')
	[[ $module == io.github.distlock* ]] ||
		problem "$artifact: the jar names no module in its manifest (Automatic-Module-Name), so it is '$module'"
	cp "$jar" "$modules/"
done
java --validate-modules --module-path "$modules" >"$root/target/release-check-modules.log" 2>&1 ||
	problem "the published jars are not valid modules together: $(grep -m 3 -E 'conflicts|Error' "$root/target/release-check-modules.log" | tr '\n' ' ')"
rm -rf "$modules"
for artifact in "${unpublished[@]}"; do
	[[ -e $group/$artifact ]] && problem "deployed, but must not be: $artifact"
done
for deployed in "$group"/*/; do
	artifact=$(basename "$deployed")
	[[ " ${published[*]} " == *" $artifact "* ]] || problem "deployed, but not in the published list: $artifact"
done

if ((${#problems[@]})); then
	printf 'release-check: %s\n' "${problems[@]}" >&2
	echo "release-check: FAILED, ${#problems[@]} problem(s), in $((SECONDS - started)) s" >&2
	exit 1
fi
echo "release-check: OK, ${#published[@]} published modules signed and complete, valid together on the module path, none of ${unpublished[*]}, in $((SECONDS - started)) s"
