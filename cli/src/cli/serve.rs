//! `dotchess serve`: its flags, read into the server's limits ([`dotchess_cli::serve::Config`]).

use super::CliError;
use clap::Args;

/// `serve`'s arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: std::net::SocketAddr,
    /// Drawings in flight at once, for the whole server (default: the machine's cores).
    #[arg(long)]
    drawings: Option<usize>,
    /// Threads that read requests and write answers, besides the drawings' (default: one for
    /// every four cores, at least one).
    #[arg(long)]
    io_threads: Option<usize>,
    /// Requests that may wait for a drawing; more get 503 with Retry-After (default: 64 a core).
    #[arg(long)]
    queue: Option<usize>,
    /// Seconds a request may take, waiting included; then 503 (default 30).
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
    /// Seconds a client may take to send a request's head, or to take the next byte of an
    /// answer; then its connection is closed (default 10).
    #[arg(long, default_value_t = 10.0)]
    head_timeout: f64,
    /// Connections open at once; more wait until one closes (default: the open-files limit less
    /// 64, 16 to 4096).
    #[arg(long)]
    connections: Option<usize>,
    /// Seconds the requests being answered may take to finish after SIGTERM (default 10).
    #[arg(long, default_value_t = 10.0)]
    grace: f64,
    /// No line a request on standard error.
    #[arg(long)]
    quiet: bool,
}

/// A number of seconds, over 0 and at most an hour.
fn seconds(flag: &str, s: f64) -> Result<std::time::Duration, CliError> {
    if !(s > 0.0 && s <= 3600.0) {
        return Err(CliError::Usage(format!("{flag} {s}: 0 to 3600 seconds")));
    }
    Ok(std::time::Duration::from_secs_f64(s))
}

/// Runs the server until SIGINT or SIGTERM.
pub fn serve_cmd(a: &ServeArgs) -> Result<(), CliError> {
    let mut config = dotchess_cli::serve::Config::default();
    if let Some(n) = a.drawings {
        config.drawings = n.max(1);
        config.queue = 64 * config.drawings;
    }
    if let Some(n) = a.io_threads {
        config.io_threads = n.max(1);
    }
    if let Some(q) = a.queue {
        config.queue = q;
    }
    config.timeout = seconds("--timeout", a.timeout)?;
    config.head_timeout = seconds("--head-timeout", a.head_timeout)?;
    config.grace = seconds("--grace", a.grace)?;
    if let Some(n) = a.connections {
        config.connections = n.max(1);
    }
    if !a.quiet {
        config.log = Some(dotchess_cli::serve::Log::new(|line| eprintln!("{line}")));
    }
    let listening = |bound| {
        use std::io::Write;
        println!("dotchess serve: listening on http://{bound}/ (Ctrl-C to stop)");
        let _ = std::io::stdout().flush();
    };
    dotchess_cli::serve::run(a.addr, config, listening).map_err(|e| {
        CliError::Output(format!("cannot serve on {}: {}", a.addr, dotchess::input::plain_os_error(&e)))
    })?;
    eprintln!("dotchess serve: stopped");
    Ok(())
}
