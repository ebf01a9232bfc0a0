#!/usr/bin/env bash
# Builds Crony's images without any image registry: a Debian bookworm base made from
# Debian packages with mmdebstrap (a headless JRE, curl for the health check, tzdata,
# the non-root user `crony`), imported into podman as localhost/crony-base, then
# crony-web, crony-agent and the sample target on top with `podman build`, crony-trigger
# (a static Go binary on an empty image with the base's CA bundle and users), and etcd and
# MariaDB images from Debian's packages for the compose and local HA setups. Prints the
# image sizes at the end.
#
#   bash deploy/images/build.sh            # base (once) + the three images
#   bash deploy/images/build.sh --rebase   # make the base again (new Debian updates)
#   bash deploy/images/build.sh --jaeger   # also crony-jaeger, compose's optional trace
#                                          # collector (profile tracing), from the Jaeger
#                                          # binary scripts/services.sh builds (several
#                                          # minutes the first time on a machine)
#
#   bash deploy/images/build.sh --plan     # print the Debian sources and missing tools, do nothing
#
# Installs mmdebstrap, podman, runc, netavark, aardvark-dns and iptables (podman's network backend,
# its DNS, which compose's containers find each other by, and the firewall tool it drives) from
# Debian when they are missing,
# waiting for another apt or dpkg to finish first, and builds the jars when they are missing
# (./mvnw package). The base takes Debian's security updates (bookworm-security) as well as
# the point-release ones. crony-trigger needs Go >= 1.25 (on PATH or in /usr/local/go/bin).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here=$repo/deploy/images
work=$repo/.crony/images
tag=${CRONY_IMAGE_TAG:-0.1.0}
export CONTAINERS_CONF=${CONTAINERS_CONF:-$here/containers.conf}

log() { echo "[images] $*" >&2; }

# apt waits up to 10 minutes for the dpkg lock another apt (unattended-upgrades, a
# neighbour's install) holds, instead of failing at once
apt_wait=(-o DPkg::Lock::Timeout=600)

missing_tools() {
	command -v mmdebstrap >/dev/null || echo mmdebstrap
	command -v podman >/dev/null || echo podman
	command -v runc >/dev/null || echo runc
	# not on PATH: podman finds them under /usr/lib/podman; without netavark `podman
	# import` fails ("could not find netavark") with containers.conf's network_backend
	dpkg -s netavark >/dev/null 2>&1 || echo netavark
	dpkg -s aardvark-dns >/dev/null 2>&1 || echo aardvark-dns
	# netavark sets up container networks (also a build's RUN steps) with iptables; Debian
	# only suggests it, and without it netavark fails with "No such file or directory"
	command -v iptables >/dev/null || echo iptables
}

install_tools() {
	local missing
	mapfile -t missing < <(missing_tools)
	[ ${#missing[@]} -eq 0 ] && return
	log "installing ${missing[*]}"
	local sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get "${apt_wait[@]}" update -qq
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get "${apt_wait[@]}" install -y -qq --no-install-recommends \
		"${missing[@]}" uidmap slirp4netns fuse-overlayfs >/dev/null
}

# The Debian mirror apt already uses on this machine: the only one it may reach.
mirror() {
	local uri
	uri=$(sed -n 's/^URIs:[[:space:]]*\(.*\/debian\)[[:space:]]*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
	[ -n "$uri" ] || uri=$(sed -n 's/^deb[[:space:]]\+\(http[^[:space:]]*\/debian\)[[:space:]]\+bookworm.*/\1/p' /etc/apt/sources.list 2>/dev/null | head -1)
	echo "${uri:-http://deb.debian.org/debian}"
}

# Debian's security archive as apt on this machine reaches it
security_mirror() {
	local uri
	uri=$(sed -n 's/^URIs:[[:space:]]*\(.*\/debian-security\)[[:space:]]*$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
	[ -n "$uri" ] || uri=$(sed -n 's/^deb[[:space:]]\+\(http[^[:space:]]*\/debian-security\)[[:space:]]\+bookworm-security.*/\1/p' /etc/apt/sources.list 2>/dev/null | head -1)
	echo "${uri:-http://deb.debian.org/debian-security}"
}

# The base image's apt sources: the release, its point updates and its security updates
# (without the last, the JRE stays at the release's version while fixes are out).
base_sources() {
	local m s
	m=$(mirror)
	s=$(security_mirror)
	echo "deb $m bookworm main"
	echo "deb $m bookworm-updates main"
	echo "deb $s bookworm-security main"
}

build_base() {
	if podman image exists localhost/crony-base:bookworm && [ "${1:-}" != "--rebase" ]; then
		log "base image localhost/crony-base:bookworm is there (--rebase makes it again)"
		return
	fi
	local sources
	mapfile -t sources < <(base_sources)
	mkdir -p "$work"
	log "making the Debian base from ${sources[*]} (a few minutes)"
	# uid/gid 10001: a fixed non-root id that Kubernetes' runAsUser and volume ownership can name
	mmdebstrap --variant=apt --components=main \
		--include=openjdk-17-jre-headless,curl,ca-certificates,tzdata \
		--customize-hook='chroot "$1" groupadd --system --gid 10001 crony' \
		--customize-hook='chroot "$1" useradd --system --uid 10001 --gid 10001 --home-dir /app --shell /usr/sbin/nologin crony' \
		--customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*' \
		bookworm "$work/rootfs.tar" "${sources[@]}" >"$work/mmdebstrap.log" 2>&1 ||
		{ tail -20 "$work/mmdebstrap.log" >&2; exit 1; }
	podman import \
		--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
		--change 'ENV LANG=C.UTF-8' \
		"$work/rootfs.tar" localhost/crony-base:bookworm >/dev/null
	rm -f "$work/rootfs.tar"
}

jars() {
	local missing=0
	for jar in crony-web/target/crony-web-0.1.0-SNAPSHOT.jar crony-agent/target/crony-agent-0.1.0-SNAPSHOT.jar \
		examples/sample-target/target/sample-target-0.1.0-SNAPSHOT.jar; do
		[ -f "$repo/$jar" ] || missing=1
	done
	if [ $missing -eq 1 ]; then
		log "building the jars"
		[ -f "$repo/crony-web/target/frontend/static/index.html" ] || bash "$repo/scripts/build-frontend.sh" >/dev/null
		(cd "$repo" && ./mvnw -B -q -DskipTests package)
	fi
}

# podman build with the jar as the only file in the context (a small context, and the
# image never carries anything else of the checkout)
build_app() {
	local name=$1 jar=$2
	local ctx=$work/ctx-$name
	rm -rf "$ctx"
	mkdir -p "$ctx"
	cp "$repo/$jar" "$ctx/app.jar"
	podman build --quiet --format docker -f "$here/$name/Containerfile" -t "localhost/$name:$tag" "$ctx" >/dev/null
	rm -rf "$ctx"
	log "built localhost/$name:$tag"
}

# crony-trigger: built here with the host's Go (no registry, so no Go image), static
# (CGO_ENABLED=0) so it runs on an image with no libc; -trimpath and -s -w keep the
# checkout's paths and the debug tables out of it.
build_trigger() {
	local ctx=$work/ctx-crony-trigger go=go
	command -v go >/dev/null || go=/usr/local/go/bin/go
	[ -x "$(command -v "$go")" ] || { log "crony-trigger needs Go >= 1.25 (not found)"; exit 1; }
	rm -rf "$ctx"
	mkdir -p "$ctx"
	(cd "$repo/deploy/trigger" && CGO_ENABLED=0 GOOS=linux "$go" build -trimpath -ldflags='-s -w' -o "$ctx/crony-trigger" .)
	podman build --quiet --format docker -f "$here/crony-trigger/Containerfile" -t "localhost/crony-trigger:$tag" "$ctx" >/dev/null
	rm -rf "$ctx"
	log "built localhost/crony-trigger:$tag"
}

# crony-jaeger: the Jaeger binary scripts/services.sh builds from its Go module for the
# tracing test (the same version), with its configuration, on the base.
build_jaeger() {
	local ctx=$work/ctx-crony-jaeger bin version
	bin=$(bash "$repo/scripts/services.sh" jaeger)
	version=${bin##*/jaeger-}
	rm -rf "$ctx"
	mkdir -p "$ctx"
	cp "$bin" "$ctx/jaeger"
	cp "$here/crony-jaeger/config.yaml" "$ctx/"
	podman build --quiet --format docker -f "$here/crony-jaeger/Containerfile" -t "localhost/crony-jaeger:$version" "$ctx" >/dev/null
	rm -rf "$ctx"
	log "built localhost/crony-jaeger:$version"
}

plan=0 rebase="" jaeger=0
for arg in "$@"; do
	case "$arg" in
	--plan) plan=1 ;;
	--rebase) rebase=--rebase ;;
	--jaeger) jaeger=1 ;;
	*)
		log "unknown option $arg (--rebase, --jaeger, --plan)"
		exit 2
		;;
	esac
done

if [ $plan -eq 1 ]; then
	echo "sources:"
	base_sources | sed 's/^/  /'
	echo "missing tools: $(missing_tools | tr '\n' ' ')"
	exit 0
fi
install_tools
build_base "$rebase"
jars
build_app crony-web crony-web/target/crony-web-0.1.0-SNAPSHOT.jar
build_app crony-agent crony-agent/target/crony-agent-0.1.0-SNAPSHOT.jar
build_app crony-sample-target examples/sample-target/target/sample-target-0.1.0-SNAPSHOT.jar
build_trigger
# etcd and MariaDB from Debian packages too, for deploy/compose and deploy/local-ha where no
# registry is reachable (apt inside the build, so it uses this host's network)
podman build --quiet --format docker --network host -f "$here/crony-etcd/Containerfile" -t localhost/crony-etcd:3.4 "$here/crony-etcd" >/dev/null
log "built localhost/crony-etcd:3.4"
podman build --quiet --format docker --network host -f "$here/crony-mariadb/Containerfile" -t localhost/crony-mariadb:10.11 "$here/crony-mariadb" >/dev/null
log "built localhost/crony-mariadb:10.11"
[ $jaeger -eq 0 ] || build_jaeger
# layers of earlier builds of the same tags
podman image prune -f >/dev/null
podman images --filter 'reference=localhost/crony-*' --format '{{.Repository}}:{{.Tag}}  {{.Size}}'
