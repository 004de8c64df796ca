# needle's image: `docker build -t needle:0.1.0 .` (the chart's default image is needle:<appVersion>).
# Build stage: the toolchain rust-toolchain.toml pins, the dependencies Cargo.lock pins.
FROM docker.io/library/rust:1.95.0-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked --bin needle \
 && install -D -m 0755 target/release/needle /out/needle

# Runtime: glibc and libgcc only (distroless), no shell, the nonroot user (65532).
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/needle /usr/local/bin/needle
USER 65532:65532
EXPOSE 15017 15014
ENTRYPOINT ["/usr/local/bin/needle"]
CMD ["serve"]
