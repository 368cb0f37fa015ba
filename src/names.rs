//! Closed choices named in words (`view = "globe"`, `--coordinates cells`, `kind=spin`): each type
//! lists its values once (`ALL`) and names each (`name`); its list of names, its [`FromStr`]
//! (through [`parse`]) and the messages about a name that is none of them all come from there.
//!
//! [`FromStr`]: std::str::FromStr

/// A name that is none of a type's values, with the names it could have been.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{given}` is not one of {}", names.join(", "))]
pub struct UnknownName {
    /// The name given.
    pub given: String,
    /// The names known.
    pub names: &'static [&'static str],
}

/// The value of `all` whose name (from `name`) is `given`, in any case; else an error listing
/// `names`, the same names in the same order.
pub(crate) fn parse<T: Copy>(
    given: &str,
    all: &[T],
    names: &'static [&'static str],
    name: fn(T) -> &'static str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|v| name(*v).eq_ignore_ascii_case(given))
        .ok_or_else(|| UnknownName { given: given.to_string(), names })
}

/// The names of a list of values, in its order, at compile time: `names_of!(Kind::ALL, Kind::name)`.
macro_rules! names_of {
    ($all:expr, $name:path) => {{
        const N: usize = $all.len();
        let mut names = [""; N];
        let mut i = 0;
        while i < N {
            names[i] = $name($all[i]);
            i += 1;
        }
        names
    }};
}
pub(crate) use names_of;
