import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { AuthModule } from './auth';
import { HttpMounts, redactUrl, PROCESS_ROLE, type ProcessRole } from './common';
import { AppConfig } from './config';
import { DataSource } from 'typeorm';
import { migrateExclusively, migrations, DATABASE_URL, NotificationListener, PostgresThrottleStore, ThrottleStore } from './database';
import { HealthModule } from './health';
import { HelpModule } from './help';
import { IdentityModule } from './identity';
import { AnalysisModule } from './analysis';
import { DashboardsModule } from './dashboards';
import { ReviewsModule } from './reviews';
import { DemoModule } from './demo';
import { MailModule } from './mail';
import { PlansModule } from './plans';
import { SessionsModule } from './sessions';
import { SquadModule } from './squad';
import { TeamsModule } from './teams';
import { StorageModule } from './storage';
import { UsersModule } from './users';
import { spaStaticOptions } from './web';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: PinoLogger;
  /** `worker`: no web app, and the schema is left to the API, which migrates it before the worker starts. */
  role?: ProcessRole;
}

@Global()
@Module({})
export class AppModule {
  static register({ config, databaseUrl, logger, role = 'api' }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          // Every route, named as Express 5's router spells a wildcard (the library's default, '*', is converted
          // with a warning at every start).
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            logger,
            autoLogging: { ignore: (req) => req.url === '/api/health' },
            // One line per request with what an operator needs; never headers (tokens, cookies), never a URL's secrets.
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({
                id: req.id,
                method: req.method,
                url: redactUrl(req.url),
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            type: 'postgres',
            url: databaseUrl,
            // Each module registers its own entities (TypeOrmModule.forFeature); none is listed twice.
            autoLoadEntities: true,
            migrations,
            migrationsTransactionMode: 'each',
            synchronize: false,
          }),
          // The API migrates before anything reads the database; replicas starting together take turns.
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            if (role === 'api') await migrateExclusively(dataSource);
            return dataSource;
          },
        }),
        ...(config.webRoot && role === 'api' ? [ServeStaticModule.forRoot(spaStaticOptions(config.webRoot))] : []),
        HealthModule,
        MailModule,
        IdentityModule.register(config),
        UsersModule,
        AuthModule,
        StorageModule.register(config),
        SessionsModule,
        AnalysisModule,
        DashboardsModule,
        ReviewsModule,
        DemoModule,
        ...(role === 'api' ? [HelpModule] : []),
        PlansModule,
        SquadModule,
        TeamsModule,
      ],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: PROCESS_ROLE, useValue: role },
        // Every rate limit and sign-in wait counts in PostgreSQL, so tries count the same at every API replica.
        { provide: ThrottleStore, useClass: PostgresThrottleStore },
        // One LISTEN connection per process, for every module that hears the database's notifications.
        NotificationListener,
        HttpMounts,
      ],
      exports: [AppConfig, DATABASE_URL, PROCESS_ROLE, ThrottleStore, NotificationListener, HttpMounts],
    };
  }
}
