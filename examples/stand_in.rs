//! Stand-in for the images an injected pod names, for the node tests (issue #25): there is no
//! registry there, so this one program plays each part, picked by its first argument as the
//! injected containers run it. `scripts/image.sh stand-in` packs it as
//! `localhost/needle-test/{proxyv2,pause,app}:stand-in`.
//!
//! - `proxy ...` (the `istio-proxy` container, `proxy sidecar ...`; the rest is ignored):
//!   `:15021/healthz/ready` answers 200, as Envoy's readiness does once the agent is up;
//!   `:15020/app-health/<container>/<probe>` runs the app's original probe from
//!   `ISTIO_KUBE_APP_PROBERS`, as pilot-agent does, so a rewritten probe passes only if the app
//!   answers it.
//! - `istio-iptables ...` (the `istio-init` container): one line, exit 0.
//! - `app [PORT]`: HTTP on PORT (8080), 200 for every request.
//! - `pause`: the pod sandbox; as PID 1 (a shared process namespace) it reaps orphans.
//!
//! Every mode exits 0 on SIGTERM or SIGINT. Only ports above 1024: the proxy runs as 1337.

use serde_json::{Map, Value};
use std::io;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::signal::unix::{SignalKind, signal};
use tokio::time::timeout;

const USAGE: &str = "usage: stand_in proxy ...|istio-iptables ...|app [PORT]|pause";

/// What a listener answers.
enum Role {
    App,
    /// Envoy's `:15021`: ready as soon as it listens.
    ProxyReady,
    /// pilot-agent's status port: the app probers by URL path.
    ProxyStatus(Map<String, Value>),
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("", String::as_str);
    let served = match mode {
        "istio-iptables" => {
            println!(
                "stand-in istio-iptables: no rules to write ({})",
                args.join(" ")
            );
            return ExitCode::SUCCESS;
        }
        "proxy" => proxy().await,
        "app" => match args.get(1).map_or(Ok(8080), |p| p.parse::<u16>()) {
            Ok(port) => until_terminated(serve(port, Role::App)).await,
            Err(e) => Err(io::Error::other(format!("port: {e}"))),
        },
        "pause" => pause().await,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("stand-in {mode}: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn proxy() -> io::Result<()> {
    let probers = match std::env::var("ISTIO_KUBE_APP_PROBERS") {
        Ok(json) => serde_json::from_str(&json)
            .map_err(|e| io::Error::other(format!("ISTIO_KUBE_APP_PROBERS: {e}")))?,
        Err(_) => Map::new(),
    };
    eprintln!("stand-in proxy: {} app probers", probers.len());
    until_terminated(async {
        tokio::try_join!(
            serve(15021, Role::ProxyReady),
            serve(15020, Role::ProxyStatus(probers))
        )
        .map(|_| ())
    })
    .await
}

/// Sleeps until told to stop. As PID 1 of a pod's shared process namespace, orphans become
/// its children, and without a wait they would stay zombies.
async fn pause() -> io::Result<()> {
    if std::process::id() != 1 {
        return until_terminated(std::future::pending()).await;
    }
    let mut children = signal(SignalKind::child())?;
    until_terminated(async {
        loop {
            while let Ok(Some(_)) = rustix::process::wait(rustix::process::WaitOptions::NOHANG) {}
            children.recv().await;
        }
    })
    .await
}

/// Runs `work` until SIGTERM or SIGINT, which end it with success.
async fn until_terminated(work: impl Future<Output = io::Result<()>>) -> io::Result<()> {
    let mut term = signal(SignalKind::terminate())?;
    let mut int = signal(SignalKind::interrupt())?;
    tokio::select! {
        r = work => r,
        _ = term.recv() => Ok(()),
        _ = int.recv() => Ok(()),
    }
}

async fn serve(port: u16, role: Role) -> io::Result<()> {
    let listener = TcpListener::bind(("0.0.0.0", port)).await?;
    let role = Arc::new(role);
    loop {
        let (stream, _) = listener.accept().await?;
        let role = role.clone();
        tokio::spawn(async move {
            // A client that fails mid-request only loses its own answer.
            let _ = answer(stream, &role).await;
        });
    }
}

async fn answer(mut stream: TcpStream, role: &Role) -> io::Result<()> {
    let head = timeout(Duration::from_secs(5), read_head(&mut stream))
        .await
        .map_err(|_| io::Error::other("request head timed out"))??;
    if head.is_empty() {
        return Ok(()); // a TCP probe: connecting was the question
    }
    let path = head
        .split(' ')
        .nth(1)
        .unwrap_or("")
        .split('?')
        .next()
        .unwrap_or("");
    let code = match role {
        Role::App => {
            eprintln!("stand-in app: {}", head.lines().next().unwrap_or(""));
            200
        }
        Role::ProxyReady | Role::ProxyStatus(_) if path == "/healthz/ready" => 200,
        Role::ProxyStatus(probers) => match probers.get(path) {
            Some(prober) => {
                let (code, how) = run_prober(prober).await;
                eprintln!("stand-in proxy: {path} -> {how} -> {code}");
                code
            }
            None => {
                eprintln!("stand-in proxy: {path} -> no such prober -> 404");
                404
            }
        },
        Role::ProxyReady => 404,
    };
    let body = format!("{code}\n");
    let reply = format!(
        "HTTP/1.1 {code} {}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        if code == 200 { "OK" } else { "Error" },
        body.len()
    );
    stream.write_all(reply.as_bytes()).await
}

/// The request line and headers: enough for a probe, which sends no body.
async fn read_head(stream: &mut TcpStream) -> io::Result<String> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < 16 * 1024 {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// One app prober, as pilot-agent runs it: an HTTP GET that passes on 2xx and 3xx, or a TCP
/// connect. gRPC and HTTPS are checked by a TCP connect only: the stand-in speaks neither.
async fn run_prober(prober: &Value) -> (u16, String) {
    let limit = Duration::from_secs(prober["timeoutSeconds"].as_u64().unwrap_or(1).max(1));
    let (kind, action) = match ["httpGet", "tcpSocket", "grpc"]
        .into_iter()
        .find_map(|k| prober.get(k).map(|a| (k, a)))
    {
        Some(found) => found,
        None => return (500, "no httpGet, tcpSocket or grpc".into()),
    };
    let port = match &action["port"] {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    };
    let Some(port) = port else {
        return (500, format!("{kind}: no port number in {action}"));
    };
    let host = action["host"]
        .as_str()
        .filter(|h| !h.is_empty())
        .unwrap_or("127.0.0.1");
    let target = format!("{host}:{port}");
    let http = kind == "httpGet" && action["scheme"].as_str() != Some("HTTPS");
    let outcome = timeout(limit, async {
        let mut stream = TcpStream::connect(&target).await?;
        match http {
            true => http_get(&mut stream, &target, action).await.map(Some),
            false => Ok(None),
        }
    })
    .await;
    let how = format!("{kind} {target}{}", action["path"].as_str().unwrap_or(""));
    match outcome {
        Ok(Ok(None)) => (200, format!("{how}: connected")),
        Ok(Ok(Some(status))) if (200..400).contains(&status) => (200, format!("{how}: {status}")),
        Ok(Ok(Some(status))) => (500, format!("{how}: {status}")),
        Ok(Err(e)) => (500, format!("{how}: {e}")),
        Err(_) => (500, format!("{how}: timed out after {limit:?}")),
    }
}

async fn http_get(stream: &mut TcpStream, target: &str, action: &Value) -> io::Result<u16> {
    let path = action["path"]
        .as_str()
        .filter(|p| !p.is_empty())
        .unwrap_or("/");
    let mut headers = String::new();
    let mut host = target.to_string();
    for h in action["httpHeaders"].as_array().into_iter().flatten() {
        let (name, value) = (
            h["name"].as_str().unwrap_or(""),
            h["value"].as_str().unwrap_or(""),
        );
        if name.eq_ignore_ascii_case("host") {
            host = value.to_string();
        } else if !name.is_empty() {
            headers.push_str(&format!("{name}: {value}\r\n"));
        }
    }
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: stand-in-prober\r\n{headers}Connection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let head = read_head(stream).await?;
    head.split(' ')
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| io::Error::other(format!("not an HTTP answer: {head:.40}")))
}
