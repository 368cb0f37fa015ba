# A minimal container of `dotchess serve` (README, "Serving figures"; docs/serve.md, "Replicas").
# Not tested where it was written (no Docker there): build with `docker build -t dotchess .`, run
# with `docker run -p 8080:8080 dotchess`.
FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin dotchess

# Every dependency is pure Rust and the fonts are built in: the binary needs only the C library.
FROM debian:bookworm-slim
COPY --from=build /src/target/release/dotchess /usr/local/bin/dotchess
USER nobody
EXPOSE 8080
# SIGTERM (what `docker stop` sends) lets the requests in flight finish.
STOPSIGNAL SIGTERM
ENTRYPOINT ["dotchess", "serve", "--addr", "0.0.0.0:8080"]
