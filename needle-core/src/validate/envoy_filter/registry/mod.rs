//! Envoy's type registry: the protobuf message types a release's webhook resolves when it
//! decodes an EnvoyFilter patch. A type URL it cannot resolve denies the resource
//! ("referenced type unknown"). The registry grows and shrinks with the go-control-plane each
//! release pins (the squash filter left in 1.29, the file server came in 1.30), so it is a
//! table per release, generated from the corpus (`scripts/gen-envoy-types.py`).

use crate::release::Release;

#[rustfmt::skip] // generated
mod types;

/// Whether `release`'s webhook resolves `type_url`. As Go's resolver does, the message name is
/// what follows the URL's last `/` (any host, or none, will do).
pub fn resolves(release: Release, type_url: &str) -> bool {
    let name = type_url.rsplit_once('/').map_or(type_url, |(_, name)| name);
    let bit = 1 << column(release);
    types::TYPES
        .binary_search_by(|(known, _)| (*known).cmp(name))
        .is_ok_and(|at| types::TYPES[at].1 & bit != 0)
}

/// The names `release` resolves, in order.
pub fn names(release: Release) -> impl Iterator<Item = &'static str> {
    let bit = 1 << column(release);
    types::TYPES
        .iter()
        .filter(move |(_, releases)| releases & bit != 0)
        .map(|(name, _)| *name)
}

/// The table's column for `release`: the recorded release of its minor, else the newest
/// recorded one older than it (a newer minor gets the newest), else the oldest. A patch
/// answers with its minor's recorded patch: go-control-plane moves with minors, and the
/// corpus records one patch of each.
fn column(release: Release) -> usize {
    let minors = types::RELEASES.map(|r| Release::parse(r).map_or(0, Release::minor));
    minors
        .iter()
        .rposition(|minor| *minor <= release.minor())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_so_it_can_be_searched() {
        assert!(types::TYPES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(types::RELEASES.iter().all(|r| Release::parse(r).is_some()));
    }

    #[test]
    fn each_release_resolves_its_own_go_control_plane_types() {
        let squash = "type.googleapis.com/envoy.extensions.filters.http.squash.v3.Squash";
        let lua = "type.googleapis.com/envoy.extensions.filters.http.lua.v3.Lua";
        assert!(resolves(Release::new(28, 10), squash));
        assert!(resolves(Release::new(28, 0), squash));
        assert!(!resolves(Release::new(29, 6), squash));
        assert!(!resolves(Release::NEWEST, squash));
        for release in [Release::new(27, 0), Release::new(30, 1), Release::NEWEST] {
            assert!(resolves(release, lua), "{release}");
        }
        // Any host, or none; a misspelled name is unknown everywhere.
        assert!(resolves(
            Release::NEWEST,
            "example.com/x/envoy.extensions.filters.http.lua.v3.Lua"
        ));
        assert!(resolves(
            Release::NEWEST,
            "envoy.extensions.filters.http.lua.v3.Lua"
        ));
        assert!(!resolves(
            Release::NEWEST,
            "type.googleapis.com/envoy.extensions.filter.http.lua.v3.Lua"
        ));
    }
}
