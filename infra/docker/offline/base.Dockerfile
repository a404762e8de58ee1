# The offline path's base image: Debian 13 (trixie) from debootstrap, imported with `docker import` as
# touchline/debian-rootfs (tooling/src/docker-images.ts makes both), plus CA certificates. Certificates in the build
# context's ca/ folder (the building host's /usr/local/share/ca-certificates, e.g. a club's TLS-inspecting proxy)
# are trusted too, so that builds on this base reach npm and PyPI wherever the host does.
ARG ROOTFS_IMAGE=touchline/debian-rootfs:trixie
FROM ${ROOTFS_IMAGE}
ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
# The root filesystem keeps no manual pages, but OpenJDK's package links its own into man1 (update-alternatives).
RUN mkdir -p /usr/share/man/man1 \
 && apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY ca/ /usr/local/share/ca-certificates/
RUN update-ca-certificates
CMD ["/bin/bash"]
