# Node.js 20 from Debian, as the official node image: user node (1000). Target `runtime` has Node.js alone (the API
# and worker images run on it); target `build` adds npm, for the stages that install and build.
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --create-home --shell /bin/bash node
# Node trusts the system's certificates as well as its own (the base's added ones included).
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]

FROM runtime AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends npm \
 && rm -rf /var/lib/apt/lists/*
