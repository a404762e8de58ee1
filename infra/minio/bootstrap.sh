#!/bin/sh
# Bucket bootstrap, run once per start by the stack (docker compose's minio-bootstrap, npm run stack:native):
# the recordings bucket, and the API's own key, allowed that bucket's objects and uploads and nothing else.
# Idempotent: a second run changes nothing (and resets the API key's secret to S3_SECRET_KEY).
set -eu
MC="${MC:-mc}"
POLICY_DIR="$(dirname "$0")"
export MC_CONFIG_DIR="${MC_CONFIG_DIR:-$(mktemp -d)}"

"$MC" alias set store "$S3_ENDPOINT" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
"$MC" mb --ignore-existing "store/$S3_BUCKET"
sed "s/__BUCKET__/$S3_BUCKET/g" "$POLICY_DIR/touchline-policy.json" > "$MC_CONFIG_DIR/touchline-api-policy.json"
"$MC" admin policy create store touchline-api "$MC_CONFIG_DIR/touchline-api-policy.json"
"$MC" admin user add store "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
"$MC" admin policy attach store touchline-api --user "$S3_ACCESS_KEY" 2>/dev/null || "$MC" admin policy entities store --user "$S3_ACCESS_KEY" | grep -q touchline-api
echo "bucket $S3_BUCKET ready; key $S3_ACCESS_KEY may use it"
