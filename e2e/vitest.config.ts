import { defineConfig } from 'vitest/config';

// Static checks of the production stack's files (docker-compose.yml, Dockerfile, .env.example).
export default defineConfig({
  test: {
    name: 'stack',
    environment: 'node',
    include: ['stack/**/*.spec.ts'],
    testTimeout: 60_000,
  },
});
