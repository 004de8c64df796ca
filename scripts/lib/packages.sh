# Sourced by the scripts that need Debian packages (image.sh, image-check.sh, node.sh).
# need_packages PACKAGE:FILE...: install, with apt-get and quietly, each package whose FILE is
# missing; the package lists are refreshed only when the install fails without them (a fresh
# machine may have none).
need_packages() {
	local need=() pair
	for pair in "$@"; do
		[ -e "${pair#*:}" ] || need+=("${pair%%:*}")
	done
	[ ${#need[@]} -gt 0 ] || return 0
	echo "$(basename "$0"): installing ${need[*]} (apt-get)" >&2
	apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 || {
		apt-get update -qq && apt-get install -y -qq "${need[@]}" >/dev/null
	}
}
