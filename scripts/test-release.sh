#!/usr/bin/env bash
# make test's check of make release, with no network: the Maven and Go parts of a release
# (scripts/release.sh, RELEASE_PARTS=maven,go, into .crony/release-test/dist), then a user's
# service built against them alone:
#
#   Java  examples/release-consumer-java (its own spring-boot-starter-parent, crony-bom
#         imported) built and tested with `mvn verify` under a settings.xml whose only
#         repositories are files: dist/maven, and for third-party artifacts a view of the
#         local Maven repository without its io/crony directory; the local repository is a
#         fresh one of its own (.crony/release-test/m2, its io/crony removed before each run),
#         and every io.crony artifact in it must say it came from dist/maven.
#   Go    examples/release-consumer-go: `go get crony.io/sdk-go@vVERSION` and `go build`,
#         and `go install crony.io/trigger@vVERSION`, with GOPROXY=file://dist/goproxy
#         then the local module cache's download directory (which holds no crony.io module:
#         checked), a module cache of its own, GOSUMDB=off.
#
# Also checks that the release's SBOMs (dist/sbom/, CycloneDX: one per Maven jar, the two Go
# modules, the dashboard's npm packages) exist, name their component and its dependencies,
# and are listed in RELEASE-NOTES.md and SHA256SUMS; and what users see of the published POMs (no parent, licenses, scm, developers,
# url), the sources and javadoc jars, and that FakeCronyWeb is in crony-sdk-java-testing,
# not in crony-sdk-java. Prints "release: ..." when green.
#
#   bash scripts/test-release.sh [build|check]
#
# build makes the release into dist/ and nothing else; check reads what a build left there
# and builds the two consumers against it; no argument does both. make test runs build
# beside Maven's tests at the idle priority (scripts/lib/idle.sh: nothing in it waits on a
# clock, and it takes only the cores the tests leave), then check after Maven at the normal
# priority: the Java consumer's test waits at most 30 s for its async job's report, which a
# starved JVM could miss.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
# shellcheck source=lib/tree-copy.sh
source "$repo/scripts/lib/tree-copy.sh"
out=$repo/.crony/release-test
dist=$out/dist
m2=${MAVEN_REPO:-$HOME/.m2/repository}
log() { echo "[test-release] $*" >&2; }
fail() {
	log "$*"
	exit 1
}

stage=${1:-all}
case $stage in
build | check | all) ;;
*) fail "usage: scripts/test-release.sh [build|check]" ;;
esac

if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
	export PATH="/usr/local/go/bin:$PATH"
fi
# the version the tree will be released as, without -SNAPSHOT
version=$(sed -n '0,/<artifactId>crony-parent<\/artifactId>/d; s:^\t<version>\(.*\)</version>$:\1:p' pom.xml | head -1)
version=${version%-SNAPSHOT}
mkdir -p "$out"

# the release, as make release makes it, into $dist
build_release() {
	# Maven with no network: every repository, plugins' too, is a directory that does not exist.
	# The mirror is named central, so what the local repository has from Maven Central counts.
	cat >"$out/release-settings.xml" <<XML
<settings>
  <mirrors>
    <mirror><id>central</id><mirrorOf>*</mirrorOf><url>file://$out/no-network</url></mirror>
  </mirrors>
</settings>
XML
	# The release profile's plugins (sources, javadoc, flatten, CycloneDX) are used by no other
	# build, so on a fresh machine the local repository lacks them: fetch them, with their
	# dependencies, from the registry first (quick once they are there); the release itself
	# then runs with no network. So are the released modules' own dependencies, test scope
	# included (the build resolves it even with its tests skipped): on a fresh machine the
	# release, started beside Maven's tests, reached crony-spring-boot-starter before those
	# tests did and found its OpenFeign and WireMock missing. They are resolved by Maven
	# itself (dependency:go-offline mediates versions its own way and fetched a byte-buddy the
	# build does not use), in a copy of the modules, where a package with nothing compiled
	# gives each module's siblings something to resolve to without touching the tree Maven's
	# tests are building.
	local modules=crony-common,crony-sdk-java,crony-sdk-java-testing,crony-spring-boot-starter,crony-bom
	log "the release profile's plugins and the released modules' dependencies in $m2"
	./mvnw -B -q -Prelease -pl "$modules" -Dmaven.repo.local="$m2" dependency:resolve-plugins \
		>"$out/resolve-plugins.log" 2>&1 ||
		{ cat "$out/resolve-plugins.log" >&2; fail "the release profile's plugins could not be fetched"; }
	# every module's POM (the reactor reads them all, whatever -pl builds), the released ones whole
	local released
	IFS=, read -r -a released <<<"$modules"
	rm -rf "$out/fetch-tree"
	tree_copy "$out/fetch-tree" ':(glob)**/pom.xml' mvnw .mvn "${released[@]}"
	(cd "$out/fetch-tree" && ./mvnw -B -q -pl "$modules" -Dmaven.repo.local="$m2" -Dmaven.main.skip=true \
		-Dmaven.test.skip=true -Dspring-javaformat.skip=true -Djacoco.skip=true package dependency:resolve) \
		>"$out/resolve-dependencies.log" 2>&1 ||
		{ cat "$out/resolve-dependencies.log" >&2; fail "the released modules' dependencies could not be fetched"; }
	RELEASE_PARTS=maven,go,npm,notes RELEASE_DIST=$dist RELEASE_MAVEN_SETTINGS=$out/release-settings.xml \
		RELEASE_GOMODCACHE=$out/release-gomodcache bash scripts/release.sh "$version"
}

[ "$stage" = check ] || build_release
if [ "$stage" = build ]; then
	echo "release: $version's Maven, Go and npm parts built into $dist"
	exit 0
fi
# (release.sh writes SHA256SUMS last)
[ -s "$dist/SHA256SUMS" ] || fail "no release in $dist: scripts/test-release.sh build makes one"

# --- the release wrote nothing into the local Maven repository other builds use
for m in crony-common crony-sdk-java crony-sdk-java-testing crony-spring-boot-starter crony-bom; do
	[ ! -e "$m2/io/crony/$m/$version" ] || fail "the release installed $m $version into $m2"
done

# --- what the published POMs and jars carry
for m in crony-common crony-sdk-java crony-sdk-java-testing crony-spring-boot-starter crony-bom; do
	pom=$dist/maven/io/crony/$m/$version/$m-$version.pom
	[ -f "$pom" ] || fail "$m: no POM in dist/maven"
	! grep -q '<parent>' "$pom" || fail "$m: the published POM has a parent"
	for e in '<name>' '<description>' '<url>' '<licenses>' '<name>Apache-2.0</name>' '<scm' '<developers>'; do
		grep -q "$e" "$pom" || fail "$m: the published POM lacks $e"
	done
	! grep -q 'SNAPSHOT' "$pom" || fail "$m: the published POM names a SNAPSHOT"
	[ "$m" = crony-bom ] && continue
	for c in sources javadoc; do
		[ -s "$dist/maven/io/crony/$m/$version/$m-$version-$c.jar" ] || fail "$m: no $c jar"
	done
done
! grep -q '<groupId>org.springframework' "$dist/maven/io/crony/crony-bom/$version/crony-bom-$version.pom" ||
	fail "crony-bom manages Spring Boot's artifacts: it must leave them to the user's Boot"
# (grep reads the whole list: with -q it would stop unzip early, which pipefail counts)
jar_has() { unzip -Z1 "$dist/maven/io/crony/$1/$version/$1-$version.jar" | grep -x "$2" >/dev/null; }
jar_has crony-sdk-java-testing io/crony/sdk/testing/FakeCronyWeb.class || fail "FakeCronyWeb is not in crony-sdk-java-testing"
! jar_has crony-sdk-java io/crony/sdk/testing/FakeCronyWeb.class || fail "FakeCronyWeb is still in crony-sdk-java's jar"

# --- the SBOMs: what each is of, and a dependency each must name
sbom_names() {
	local name=$1 main=$2
	shift 2
	local file=sbom/$name-$version.cdx.json
	[ -s "$dist/$file" ] || fail "no $file in the release"
	python3 scripts/lib/sbom.py check "$dist/$file" "$main" "$@" >/dev/null || fail "$file is not the SBOM it should be"
	grep -qF "\`$file\`" "$dist/RELEASE-NOTES.md" || fail "RELEASE-NOTES.md does not list $file"
	grep -qE "  $file\$" "$dist/SHA256SUMS" || fail "SHA256SUMS has no checksum of $file"
}
sbom_names crony-common crony-common com.fasterxml.jackson.core:jackson-databind io.grpc:grpc-stub
sbom_names crony-sdk-java crony-sdk-java com.fasterxml.jackson.core:jackson-databind
sbom_names crony-sdk-java-testing crony-sdk-java-testing io.crony:crony-sdk-java
sbom_names crony-spring-boot-starter crony-spring-boot-starter io.crony:crony-sdk-java io.crony:crony-common
sbom_names crony-sdk-go crony.io/sdk-go google.golang.org/grpc google.golang.org/protobuf
sbom_names crony-trigger crony.io/trigger crony.io/sdk-go
sbom_names crony-dashboard crony-dashboard react react-dom antd

# --- the Java consumer: Crony's artifacts from dist/maven only
thirdparty=$out/thirdparty
rm -rf "$thirdparty"
mkdir -p "$thirdparty/io"
for d in "$m2"/*; do [ "$(basename "$d")" = io ] || ln -s "$d" "$thirdparty/"; done
for d in "$m2"/io/*; do [ "$(basename "$d")" = crony ] || ln -s "$d" "$thirdparty/io/"; done
cat >"$out/consumer-settings.xml" <<XML
<settings>
  <mirrors>
    <mirror><id>thirdparty</id><mirrorOf>*,!crony-dist</mirrorOf><url>file://$thirdparty</url></mirror>
  </mirrors>
  <profiles>
    <profile>
      <id>crony-dist</id>
      <repositories>
        <repository><id>crony-dist</id><url>file://$dist/maven</url><snapshots><enabled>false</enabled></snapshots></repository>
      </repositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>crony-dist</activeProfile></activeProfiles>
</settings>
XML
consumer_m2=$out/m2
rm -rf "$consumer_m2/io/crony" "$out/java"
cp -r examples/release-consumer-java "$out/java"
./mvnw -B -q -f "$out/java/pom.xml" -s "$out/consumer-settings.xml" -Dmaven.repo.local="$consumer_m2" \
	-Dcrony.version="$version" verify >"$out/java.log" 2>&1 || {
	cat "$out/java.log" >&2
	fail "the Java consumer did not build against dist/maven"
}
crony_files=$(find "$consumer_m2/io/crony" -name '_remote.repositories' | wc -l)
[ "$crony_files" -ge 5 ] || fail "the Java consumer resolved only $crony_files io.crony artifacts"
from_elsewhere=$(find "$consumer_m2/io/crony" -name '_remote.repositories' -exec grep -L '>crony-dist=$' {} +)
[ -z "$from_elsewhere" ] || fail "io.crony artifacts came from elsewhere than dist/maven: $from_elsewhere"
[ -z "$(find "$consumer_m2/io/crony" -mindepth 2 -maxdepth 2 -type d ! -name "$version")" ] ||
	fail "the Java consumer resolved an io.crony version other than $version"

# --- the Go consumer: crony.io modules from dist/goproxy only
gomodcache=$(go env GOMODCACHE)
[ ! -e "$gomodcache/cache/download/crony.io" ] ||
	fail "$gomodcache/cache/download has crony.io modules: it cannot serve as the third-party proxy"
go_consumer=$out/go
rm -rf "$go_consumer" "$out/gomodcache/crony.io" "$out/gomodcache/cache/download/crony.io"
cp -r examples/release-consumer-go "$go_consumer"
(
	cd "$go_consumer"
	export GOWORK=off GOFLAGS="-mod=mod -modcacherw" GOSUMDB=off GOTOOLCHAIN=local GOMODCACHE=$out/gomodcache \
		GOPROXY="file://$dist/goproxy,file://$gomodcache/cache/download,off" GOBIN=$go_consumer/bin
	go get "crony.io/sdk-go@v$version"
	go build -o bin/billing .
	go install "crony.io/trigger@v$version"
) >"$out/go.log" 2>&1 || {
	cat "$out/go.log" >&2
	fail "the Go consumer did not build against dist/goproxy"
}
grep -q "^require crony.io/sdk-go v$version$" "$go_consumer/go.mod" || fail "the Go consumer does not require crony.io/sdk-go v$version"
# go install names the binary after the module's last element
[ -x "$go_consumer/bin/trigger" ] || fail "go install crony.io/trigger@v$version installed no binary"
echo "release: $version's Maven and Go parts and SBOMs built; a Spring Boot service built and tested against dist/maven alone ($crony_files io.crony artifacts, all from it), a Go service built and crony-trigger installed through dist/goproxy"
