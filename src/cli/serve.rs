//! `dotchess serve`: its flags, read into the server's limits ([`dotchess::serve::Config`]).

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
    /// No line a request on standard error.
    #[arg(long)]
    quiet: bool,
}

/// Runs the server until SIGINT or SIGTERM.
pub fn serve_cmd(a: &ServeArgs) -> Result<(), CliError> {
    let mut config = dotchess::serve::Config::default();
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
    if !(a.timeout > 0.0 && a.timeout <= 3600.0) {
        return Err(CliError::Usage(format!("--timeout {}: 0 to 3600 seconds", a.timeout)));
    }
    config.timeout = std::time::Duration::from_secs_f64(a.timeout);
    if !a.quiet {
        config.log = Some(dotchess::serve::Log::new(|line| eprintln!("{line}")));
    }
    let listening = |bound| {
        use std::io::Write;
        println!("dotchess serve: listening on http://{bound}/ (Ctrl-C to stop)");
        let _ = std::io::stdout().flush();
    };
    dotchess::serve::run(a.addr, config, listening).map_err(|e| {
        CliError::Output(format!("cannot serve on {}: {}", a.addr, dotchess::input::plain_os_error(&e)))
    })?;
    eprintln!("dotchess serve: stopped");
    Ok(())
}
