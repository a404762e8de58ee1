# Python 3 from Debian (3.13 on trixie) with venv, in the official python image's place for the transcriber
# service (infra/transcribers/Dockerfile picks the requirements pinned for the interpreter it finds).
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv \
 && rm -rf /var/lib/apt/lists/*
# pip trusts the system certificates (the base's added ones included), not only its own bundle.
ENV PIP_CERT=/etc/ssl/certs/ca-certificates.crt
CMD ["python3"]
