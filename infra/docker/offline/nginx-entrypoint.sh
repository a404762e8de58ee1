#!/bin/sh
# Renders each /etc/nginx/templates/NAME.template into /etc/nginx/conf.d/NAME, replacing only variables that are
# set in the environment (nginx's own $variables stay), as the official image does; then starts nginx.
set -eu
defined="$(env | cut -d= -f1 | sed 's/^/${/; s/$/}/' | tr '\n' ' ')"
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  name="$(basename "$template" .template)"
  envsubst "$defined" < "$template" > "/etc/nginx/conf.d/$name"
done
exec "$@"
