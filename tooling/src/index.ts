// Tooling for the tests, the benchmarks and the native stack; never imported by the product (api/src, web/src,
// shared/src). Tests import it as `@touchline/tooling`; the launchers in infra/ import the built module once
// the set-up (infra/lib/setup.mjs) has installed and built it.
export * from './bench-report.js';
export * from './compose-schema.js';
export * from './docker-stack.js';
export * from './federation-seed.js';
export * from './first-load.js';
export * from './held-out-sessions.js';
export * from './go-tools.js';
export * from './keycloak.js';
export * from './keycloak-development.js';
export * from './maildev.js';
export * from './repo.js';
export * from './s3-servers.js';
export * from './schemathesis.js';
export * from './services.js';
export * from './session-generator.js';
export * from './speech-timing.js';
export * from './stack-native.js';
export * from './stripe-mock.js';
export * from './test-media.js';
export * from './whisper.js';
export * from './word-error-rate.js';
