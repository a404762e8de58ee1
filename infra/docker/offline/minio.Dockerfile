# MinIO's server and client, built from source with Go (the build context holds the binaries), laid out as the
# official images: `minio` the entry point (server /data ...), `mc` on the PATH for the health check and the
# bucket bootstrap. Runs as an unprivileged user that owns /data.
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
COPY minio mc /usr/bin/
RUN useradd --system --uid 1000 --home-dir /data minio && mkdir -p /data && chown minio /data
ENV MC_CONFIG_DIR=/tmp/.mc
USER minio
VOLUME /data
EXPOSE 9000 9001
ENTRYPOINT ["minio"]
