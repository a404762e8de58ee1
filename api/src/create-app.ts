import { RequestMethod, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { AppModule } from './app.module';
import { AllExceptionsFilter, closeRequestSchemas, apiDefaults, jsonBody, methodNotAllowed, createValidationPipe, HttpMounts } from './common';
import type { AppConfig } from './config';
import { identityOrigins } from './identity';
import { BILLING_WEBHOOK_ROUTE } from './plans';
import { CREATE_SESSION_SCHEMA, describeUploads } from './sessions';
import { describeGoalTargets } from './dashboards';
import { spaCompression } from './web';

export const API_PREFIX = 'api';

/** Builds the whole HTTP application; `main.ts` and the integration tests both start it through here. */
export async function createApp(config: AppConfig, databaseUrl: string, logger: PinoLogger): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config, databaseUrl, logger }), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // keycloak-js fetches tokens from Keycloak and checks the session in a hidden frame.
          connectSrc: ["'self'", ...identityOrigins(config)],
          frameSrc: ["'self'", ...identityOrigins(config)],
          // Recordings play from signed URLs: the API itself, or the object store's public address.
          mediaSrc: ["'self'", ...(config.storage.s3 ? [new URL(config.storage.s3.publicEndpoint).origin] : [])],
          // Plain-HTTP installs (the embedded default on localhost) must keep loading their own assets.
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  if (config.webRoot) app.use(spaCompression());
  // The payment provider signs the exact bytes it sends: this one route keeps its body raw for the check.
  app.use(`/${API_PREFIX}/${BILLING_WEBHOOK_ROUTE}`, express.raw({ type: () => true, limit: config.bodyLimit }));
  app.use(jsonBody(config.bodyLimit));
  app.use(`/${API_PREFIX}`, apiDefaults);
  app.setGlobalPrefix(API_PREFIX, { exclude: [{ path: 'idp/{*path}', method: RequestMethod.ALL }] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Touchline API')
      .setDescription('Coaching sessions, analysis and accounts. Errors are always `{ statusCode, message }`.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  const createSession = document.components?.schemas?.[CREATE_SESSION_SCHEMA] as { properties: Record<string, { maximum?: number }> } | undefined;
  if (createSession?.properties.sizeBytes) createSession.properties.sizeBytes.maximum = config.uploads.maxBytes;
  describeUploads(document, config.uploads.maxBytes);
  describeGoalTargets(document);
  closeRequestSchemas(document);
  // Before the tus and identity-provider mounts, so tus's own routes get the same 405.
  app.use(methodNotAllowed(document));
  for (const mount of app.get(HttpMounts).all()) app.use(mount.path, mount.handler);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs/openapi.json` });
  return app;
}
