# PostgreSQL 17 from Debian, with the official image's contract: POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB
# initialise an empty /var/lib/postgresql/data, then /docker-entrypoint-initdb.d/*.sh and *.sql run once; pg_isready
# and psql are on the PATH for the health check. Runs as postgres.
ARG BASE_IMAGE=touchline/base:trixie
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-17 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /docker-entrypoint-initdb.d /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql \
 && chmod 700 /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/17/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
USER postgres
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
