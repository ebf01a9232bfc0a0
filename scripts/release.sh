#!/usr/bin/env bash
# make release VERSION=x.y.z: everything a user depends on, into dist/ (git-ignored), from
# this working tree (tracked files and new ones git does not ignore). docs/release.md says
# what each part is and how a user consumes it.
#
#   maven    dist/maven/io/crony/...: crony-common, crony-sdk-java, crony-sdk-java-testing,
#            crony-spring-boot-starter and crony-bom in a Maven repository's layout, with
#            sources, javadoc, a CycloneDX SBOM each and flattened POMs (profile `release`
#            of pom.xml); built in a copy of the tree whose POMs say VERSION, so the
#            committed version stays as it is, and deployed to dist/maven, never installed
#            into ~/.m2. dist/sbom/ holds the SBOMs too.
#   go       dist/goproxy/: crony.io/sdk-go and crony.io/trigger as a Go module proxy serves
#            them (list, vVERSION.info, .mod, .zip; scripts/lib/goproxy.py); crony-trigger's
#            go.mod requires the SDK of the same release, its go.sum is made here
#            dist/sbom/crony-{sdk-go,trigger}-VERSION.cdx.json: their CycloneDX SBOMs
#            (cyclonedx-gomod, installed with go install the first time)
#   trigger  dist/bin/crony-trigger-VERSION-linux-{amd64,arm64}: static binaries
#   npm      dist/sbom/crony-dashboard-VERSION.cdx.json: the dashboard's CycloneDX SBOM
#            (npm sbom, from frontend/package-lock.json; the build's tools scoped optional)
#   chart    dist/helm/crony-VERSION.tgz, version and appVersion VERSION
#   notes    dist/RELEASE-NOTES.md: CHANGELOG.md's section for VERSION (or, before it is
#            cut, [Unreleased]), and the list of dist/sbom/
#   images   dist/images/*-VERSION.oci.tar (make images, tagged VERSION); only with
#            RELEASE_IMAGES=1: podman builds take minutes
# and then dist/SHA256SUMS over every file in dist/.
#
# RELEASE_PARTS=maven,go picks parts (make test's consumer builds need only these two);
# RELEASE_DIST=dir writes elsewhere than dist/; RELEASE_MAVEN_SETTINGS=file gives Maven a
# settings.xml (make test's gives it no network: scripts/test-release.sh). Maven cannot run
# with -o here: maven-deploy-plugin refuses to deploy offline, even to a directory.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"

log() { echo "[release] $*" >&2; }
die() {
	log "$*"
	exit 1
}

version=${1:-${VERSION:-}}
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "give VERSION=x.y.z (three numbers, no -SNAPSHOT), e.g. make release VERSION=0.2.0"
parts=${RELEASE_PARTS:-maven,go,trigger,chart,npm,notes}
[ "${RELEASE_IMAGES:-0}" = 1 ] && parts+=,images
dist=${RELEASE_DIST:-$repo/dist}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
work=$repo/.crony/release
mvn_flags=(-B)
user_m2=${MAVEN_REPO:-$HOME/.m2/repository}
[ -n "${RELEASE_MAVEN_SETTINGS:-}" ] && mvn_flags+=(-s "$RELEASE_MAVEN_SETTINGS")

part() { [[ ",$parts," == *",$1,"* ]]; }

if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
	export PATH="/usr/local/go/bin:$PATH"
fi

rm -rf "$dist" "$work"
mkdir -p "$dist" "$work"
log "Crony $version: $parts into $dist"
# the time of the commit released, in the Go proxy's .info files
release_time=$(TZ=UTC git log -1 --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd)

# tree_copy: the files of this tree a release is made of
# shellcheck source=lib/tree-copy.sh
source "$repo/scripts/lib/tree-copy.sh"

maven_part() {
	local current tree=$work/maven-tree
	current=$(sed -n '0,/<artifactId>crony-parent<\/artifactId>/d; s:^\t<version>\(.*\)</version>$:\1:p' pom.xml | head -1)
	[ -n "$current" ] || die "cannot read the project's version from pom.xml"
	log "maven: POMs $current -> $version in a copy of the tree"
	tree_copy "$tree"
	find "$tree" -name pom.xml -not -path '*/node_modules/*' -print0 |
		xargs -0 sed -i "s:<version>$current</version>:<version>$version</version>:"
	# The deploy phase runs install first: skipped, and every write of this build (what it
	# downloads too) goes to a local repository of its own, which reads the user's
	# ~/.m2 as a read-only tail (Maven 3.9's maven.repo.local.tail), so the user's stays as
	# it was (make test checks: scripts/test-release.sh).
	(cd "$tree" && ./mvnw "${mvn_flags[@]}" -q -Prelease \
		-pl crony-common,crony-sdk-java,crony-sdk-java-testing,crony-spring-boot-starter,crony-bom \
		-Dmaven.repo.local="$work/m2" -Dmaven.repo.local.tail="$user_m2" -Dmaven.install.skip=true \
		-Dmaven.test.skip=true -DaltDeploymentRepository="local::file://$dist/maven" deploy)
	mkdir -p "$dist/sbom"
	local m
	for m in crony-common crony-sdk-java crony-sdk-java-testing crony-spring-boot-starter; do
		cp "$tree/$m/target/bom.json" "$dist/sbom/$m-$version.cdx.json"
	done
	log "maven: $(find "$dist/maven" -name "*-$version*.jar" | wc -l) jars, $(find "$dist/maven" -name "*-$version.pom" | wc -l) POMs"
}

# Go: a module cache of the release's own, so no crony.io module ever lands in the user's
# (an older build of the same version would be taken from there instead of this one); the
# other modules come from the user's cache's download directory, which is a proxy's layout,
# then from the user's proxy.
# RELEASE_GOMODCACHE is that cache (kept between releases; its crony.io modules are removed
# first).
go_env() {
	local gomodcache
	gomodcache=$(go env GOMODCACHE)
	env GOWORK=off GOFLAGS="-mod=mod -modcacherw" GOSUMDB=off GOTOOLCHAIN=local GOMODCACHE="$release_gomodcache" \
		GOPROXY="file://$dist/goproxy,file://$gomodcache/cache/download,$(go env GOPROXY)" "$@"
}

go_module() {
	local module=$1 dir=$2 go_mod=$3
	# every file of the copy of the tree (tracked ones and new ones git does not ignore)
	(cd "$dir" && find . -type f -printf '%P\0' | xargs -0 python3 "$repo/scripts/lib/goproxy.py" \
		"$dist/goproxy" "$module" "v$version" . "$go_mod" "$release_time") >&2
}

go_part() {
	command -v go >/dev/null || die "go: Go >= 1.25 is not installed"
	local tree=$work/go-tree trigger=$work/go-tree/deploy/trigger
	release_gomodcache=${RELEASE_GOMODCACHE:-$repo/.crony/release-gomodcache}
	rm -rf "$release_gomodcache/crony.io" "$release_gomodcache/cache/download/crony.io"
	tree_copy "$tree" crony-sdk-go deploy/trigger
	go_module crony.io/sdk-go "$tree/crony-sdk-go" "$tree/crony-sdk-go/go.mod"
	# crony-trigger requires the SDK of this release; its go.sum is made against the zip above
	sed -i "s#^require crony.io/sdk-go v.*#require crony.io/sdk-go v$version#" "$trigger/go.mod"
	grep -q "^require crony.io/sdk-go v$version\$" "$trigger/go.mod" || die "go: deploy/trigger/go.mod does not require crony.io/sdk-go on one line"
	(cd "$trigger" && go_env go mod tidy)
	go_module crony.io/trigger "$trigger" "$trigger/go.mod"
	go_sboms "$tree/crony-sdk-go" "$trigger"
}

# CycloneDX SBOMs of the two modules as released (the modules each requires, from its go.mod
# and go.sum as released), each from the go part's copy; `mod`, since `app` insists on
# reading the main module's version from git
cyclonedx_gomod_version=v1.10.0
go_sboms() {
	local sdk=$1 trigger=$2 tool
	tool=$(go env GOPATH)/bin/cyclonedx-gomod
	if ! [ -x "$tool" ] || ! "$tool" version 2>/dev/null | grep -q "$cyclonedx_gomod_version"; then
		log "go: installing cyclonedx-gomod $cyclonedx_gomod_version (go install, once)"
		(cd /tmp && GOWORK=off go install "github.com/CycloneDX/cyclonedx-gomod/cmd/cyclonedx-gomod@$cyclonedx_gomod_version")
	fi
	mkdir -p "$dist/sbom"
	# (its log warns that the copy has no git to read a version from: stamped below)
	local log=$work/cyclonedx-gomod.log
	{ (cd "$sdk" && go_env "$tool" mod -json -licenses -type library -output "$dist/sbom/crony-sdk-go-$version.cdx.json" .) &&
		(cd "$trigger" && go_env "$tool" mod -json -licenses -type application -output "$dist/sbom/crony-trigger-$version.cdx.json" .); } 2>"$log" ||
		{
			cat "$log" >&2
			die "go: cyclonedx-gomod failed"
		}
	python3 "$repo/scripts/lib/sbom.py" stamp "$dist/sbom/crony-sdk-go-$version.cdx.json" crony.io/sdk-go "v$version"
	python3 "$repo/scripts/lib/sbom.py" stamp "$dist/sbom/crony-trigger-$version.cdx.json" crony.io/trigger "v$version"
	log "go: sbom/crony-sdk-go-$version.cdx.json, sbom/crony-trigger-$version.cdx.json"
}

# static binaries of crony-trigger as released: built in the go part's copy, against the
# SDK's zip in dist/goproxy
trigger_part() {
	[ -f "$work/go-tree/deploy/trigger/go.sum" ] || die "trigger: needs the go part (RELEASE_PARTS=go,trigger)"
	mkdir -p "$dist/bin"
	local arch
	for arch in amd64 arm64; do
		(cd "$work/go-tree/deploy/trigger" && go_env CGO_ENABLED=0 GOOS=linux GOARCH=$arch \
			go build -trimpath -ldflags='-s -w' -o "$dist/bin/crony-trigger-$version-linux-$arch" .)
	done
	log "trigger: $(cd "$dist/bin" && ls | tr '\n' ' ')"
}

# the chart with version and appVersion VERSION (so its images default to tag VERSION);
# helm as scripts/test-chart.sh installs it
chart_part() {
	local helm
	helm=$(go env GOPATH)/bin/helm
	if ! [ -x "$helm" ]; then
		log "chart: installing helm (go install, a few minutes the first time)"
		(cd /tmp && go install "helm.sh/helm/v3/cmd/helm@$(sed -n 's/^helm_version=//p' "$repo/scripts/test-chart.sh")")
	fi
	mkdir -p "$dist/helm"
	# files/ links to deploy/observability; helm takes the files and says so
	"$helm" package deploy/helm/crony --version "$version" --app-version "$version" -d "$dist/helm" 2> >(grep -v 'found symbolic link' >&2) >/dev/null
	tar -xOzf "$dist/helm/crony-$version.tgz" crony/Chart.yaml | grep -q "^appVersion: \"\?$version\"\?$" ||
		die "chart: the packaged Chart.yaml does not say appVersion $version"
	log "chart: helm/crony-$version.tgz"
}

# the dashboard's SBOM: every npm package of package-lock.json, those its bundle is built
# from with the scope "required", the build's tools (devDependencies) "optional". Not
# --omit dev: npm 11 then drops react and react-dom too (peers of dev packages as well).
# npm has it built in and reads the lock file alone: no node_modules, no network.
npm_part() {
	command -v npm >/dev/null || die "npm: Node.js and npm are not installed"
	mkdir -p "$dist/sbom"
	local out=$dist/sbom/crony-dashboard-$version.cdx.json
	(cd frontend && npm sbom --sbom-format cyclonedx --package-lock-only) >"$out"
	python3 "$repo/scripts/lib/sbom.py" stamp "$out" crony-dashboard "$version"
	log "npm: sbom/crony-dashboard-$version.cdx.json"
}

# CHANGELOG.md's section for VERSION (Keep a Changelog: "## [VERSION] ..." up to the next
# "## ["); before the section is cut, [Unreleased], said so on the first line
notes_part() {
	local section remark=""
	# (without the link definitions that close the file)
	section=$(awk -v v="$version" '/^## \[/ { on = (index($0, "## [" v "]") == 1) } on && !/^\[[^]]+\]: /' CHANGELOG.md)
	if [ -z "$section" ]; then
		log "notes: CHANGELOG.md has no section [$version] yet; taking [Unreleased]"
		section=$(awk '/^## \[/ { on = (index($0, "## [Unreleased]") == 1) } on && !/^\[[^]]+\]: /' CHANGELOG.md)
		remark="CHANGELOG.md's [Unreleased] section at the time of the release (no [$version] section yet)."$'\n'
	fi
	[ -n "$section" ] || die "notes: CHANGELOG.md has neither [$version] nor [Unreleased]"
	# the section without its own heading line
	printf '# Crony %s\n\n%s%s\n' "$version" "$remark" "$(tail -n +2 <<<"$section")" >"$dist/RELEASE-NOTES.md"
	if [ -d "$dist/sbom" ]; then
		{
			printf '\n## Software bills of materials\n\nCycloneDX JSON, in `sbom/` (their checksums in `SHA256SUMS`):\n\n'
			(cd "$dist" && find sbom -name '*.cdx.json' | LC_ALL=C sort | sed 's/.*/- `&`/')
		} >>"$dist/RELEASE-NOTES.md"
	fi
	log "notes: RELEASE-NOTES.md, $(wc -l <"$dist/RELEASE-NOTES.md") lines"
}

# make images with the tag VERSION, each saved as an OCI archive
images_part() {
	CRONY_IMAGE_TAG=$version bash deploy/images/build.sh
	mkdir -p "$dist/images"
	local image
	for image in crony-web crony-agent crony-trigger; do
		podman save --format oci-archive -o "$dist/images/$image-$version.oci.tar" "localhost/$image:$version"
	done
	log "images: $(cd "$dist/images" && ls | tr '\n' ' ')"
}

part maven && maven_part
part go && go_part
part trigger && trigger_part
part chart && chart_part
part npm && npm_part
part notes && notes_part
part images && images_part
(cd "$dist" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort | xargs sha256sum >SHA256SUMS)
log "SHA256SUMS: $(wc -l <"$dist/SHA256SUMS") files"

log "done: $dist"
