# tree-copy.sh, sourced: tree_copy DIR [PATHSPEC...] copies the files of this git tree a build
# is made of, tracked ones and new ones git does not ignore (PATHSPEC...: only those), into DIR,
# as they are in the working tree. A tracked file deleted but not committed is skipped.
# Used by scripts/release.sh (the release's copies) and scripts/test-release.sh (the copy its
# dependencies are fetched in).
tree_copy() {
	local to=$1
	shift
	mkdir -p "$to"
	git ls-files -z --cached --others --exclude-standard -- "$@" |
		tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$to"
}
