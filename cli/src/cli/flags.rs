//! The options table's command-line flags: one clap argument per row ([`option_rows`]), its value
//! parser the table's own ([`parse_text`]), its help the table's; what is given is read back as
//! [`FigureOptions`] with each value's flag.

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use dotchess::input::{FigureOptions, Origin, Spec, Ty, Value, option_rows, parse_text};

/// Which rows a command takes.
pub trait Rows {
    /// Whether the command takes this row's flag.
    fn takes(spec: &Spec) -> bool;
}

/// `render`'s: every option but the animation's.
#[derive(Debug, Clone)]
pub struct Still;
impl Rows for Still {
    fn takes(spec: &Spec) -> bool {
        spec.takes(false)
    }
}

/// `animate`'s: the animation's, the views', the marks, the title and the theme.
#[derive(Debug, Clone)]
pub struct Moving;
impl Rows for Moving {
    fn takes(spec: &Spec) -> bool {
        spec.takes(true)
    }
}

/// The flags of the rows a command takes, as given.
#[derive(Debug, Clone)]
pub struct OptionFlags<R> {
    /// What was given, each value with its flag.
    pub options: FigureOptions,
    rows: std::marker::PhantomData<R>,
}

fn rows<R: Rows>() -> impl Iterator<Item = (&'static Spec, &'static str)> {
    option_rows().filter(|s| R::takes(s)).filter_map(|s| s.flag.map(|f| (s, f)))
}

fn arg(spec: &'static Spec, flag: &'static str) -> Arg {
    let key = spec.key;
    let arg = Arg::new(flag).long(&flag[2..]).help(spec.help);
    match spec.ty {
        // A switch a flag turns on also takes its value after `=`, so that what a file or a
        // query turns on can be turned off from the command line (`--edges=false`).
        Ty::Switch { by_flag: true } => arg
            .action(ArgAction::Set)
            .num_args(0..=1)
            .require_equals(true)
            .default_missing_value("true")
            .value_name("BOOL")
            .value_parser(move |s: &str| parse_text(key, s)),
        Ty::Switch { by_flag: false } => arg.action(ArgAction::SetTrue),
        Ty::Mark(_) => arg.action(ArgAction::Append).value_name("MARK").value_parser(move |s: &str| parse_text(key, s)),
        _ => arg
            .action(ArgAction::Set)
            .allow_hyphen_values(true)
            .value_name(value_name(spec.ty))
            .value_parser(move |s: &str| parse_text(key, s)),
    }
}

/// What a flag's value is called in `--help`.
fn value_name(ty: Ty) -> &'static str {
    match ty {
        Ty::Number { .. } | Ty::Whole { .. } | Ty::Plays => "N",
        Ty::Choice(_) => "NAME",
        Ty::Text => "TEXT",
        Ty::Theme => "THEME",
        Ty::Background => "COLOUR",
        Ty::NumberOrFile(_) => "N|FILE",
        Ty::Window => "X0,Y0,COLS,ROWS",
        Ty::Move => "MOVE",
        Ty::Switch { .. } | Ty::Mark(_) => "MARK",
    }
}

impl<R: Rows> Args for OptionFlags<R> {
    fn augment_args(cmd: Command) -> Command {
        cmd.args(rows::<R>().map(|(s, f)| arg(s, f)))
    }
    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<R: Rows> FromArgMatches for OptionFlags<R> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut options = FigureOptions::default();
        // In the order given on the command line, so that marks keep it.
        let mut given: Vec<(usize, &'static Spec, &'static str, Value, String)> = Vec::new();
        for (spec, flag) in rows::<R>() {
            if let Ty::Switch { by_flag: false } = spec.ty {
                if m.get_flag(flag) {
                    let at = m.index_of(flag).unwrap_or(0);
                    given.push((at, spec, flag, Value::Bool(false), String::new()));
                }
                continue;
            }
            let (Some(values), Some(raw), Some(at)) = (m.get_many::<Value>(flag), m.get_raw(flag), m.indices_of(flag))
            else {
                continue;
            };
            for ((v, r), i) in values.zip(raw).zip(at) {
                given.push((i, spec, flag, v.clone(), r.to_string_lossy().into_owned()));
            }
        }
        given.sort_by_key(|g| g.0);
        for (_, spec, flag, value, text) in given {
            options.push(spec.key, value, Origin::Flag { flag, text });
        }
        Ok(OptionFlags { options, rows: std::marker::PhantomData })
    }
    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}
