# Mailpit, built from source with Go (the build context holds the binary), as the official image: /mailpit,
# SMTP on 1025, the web UI and API on 8025, `mailpit readyz` for the health check. Runs unprivileged; /data holds
# its database.
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
COPY mailpit /mailpit
RUN useradd --system --uid 1000 --home-dir /data mailpit && mkdir -p /data && chown mailpit /data
USER mailpit
VOLUME /data
EXPOSE 1025 8025
ENTRYPOINT ["/mailpit"]
