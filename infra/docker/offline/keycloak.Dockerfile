# Keycloak from its distribution on Maven Central (org.keycloak:keycloak-quarkus-dist, the archive `npm run keycloak`
# fetches; the build context holds it as keycloak.tar.gz) on OpenJDK 21, laid out as the official image:
# /opt/keycloak, kc.sh as the entry point, user 1000, ports 8080 (HTTP) and 9000 (management, health).
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends openjdk-21-jre-headless \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 1000 --gid 0 --home-dir /opt/keycloak --no-create-home keycloak
COPY keycloak.tar.gz /tmp/keycloak.tar.gz
RUN mkdir -p /opt/keycloak \
 && tar -xzf /tmp/keycloak.tar.gz -C /opt/keycloak --strip-components=1 \
 && rm /tmp/keycloak.tar.gz \
 && mkdir -p /opt/keycloak/data/import \
 && chown -R 1000:0 /opt/keycloak && chmod -R g+rwX /opt/keycloak
USER 1000
EXPOSE 8080 9000
ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]
