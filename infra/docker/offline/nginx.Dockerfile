# nginx from Debian, with the contract of nginxinc/nginx-unprivileged: runs as user 101, listens where its
# configuration says (8080 for the web service), and renders /etc/nginx/templates/*.template into
# /etc/nginx/conf.d with the environment's values (envsubst) at start; wget for the health check.
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx gettext-base wget \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/conf.d/* \
 && useradd --system --uid 101 --no-create-home nginx-web \
 && mkdir -p /etc/nginx/templates /etc/nginx/conf.d /usr/share/nginx/html \
 && chown 101 /etc/nginx/conf.d
COPY nginx.conf /etc/nginx/nginx.conf
COPY nginx-entrypoint.sh /docker-entrypoint.sh
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
ENTRYPOINT ["/docker-entrypoint.sh"]
CMD ["nginx", "-g", "daemon off;"]
