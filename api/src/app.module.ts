import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { AuthModule } from './auth/auth.module';
import { HttpMounts } from './common/http-mounts';
import { AppConfig } from './config/app-config';
import { migrations } from './database/migrations';
import { HealthModule } from './health/health.module';
import { HelpModule } from './help/help.module';
import { SupportRequestEntity } from './help/support-request.entity';
import { IdentityModule } from './identity/identity.module';
import { IdentityAccountEntity } from './identity/embedded/identity-account.entity';
import { AnalysisModule } from './analysis/analysis.module';
import { SessionAnalysisEntity } from './analysis/session-analysis.entity';
import { DashboardsModule } from './dashboards/dashboards.module';
import { ReviewCommentEntity } from './reviews/review-comment.entity';
import { ReviewLinkEntity } from './reviews/review-link.entity';
import { ReviewsModule } from './reviews/reviews.module';
import { DemoModule } from './demo/demo.module';
import { GoalEntity } from './dashboards/goal.entity';
import { DATABASE_URL } from './database/database-url';
import { MailModule } from './mail/mail.module';
import { PlansModule } from './plans/plans.module';
import { CoachingSessionEntity } from './sessions/coaching-session.entity';
import { SessionsModule } from './sessions/sessions.module';
import { SquadModule } from './squad/squad.module';
import { TeamsModule } from './teams/teams.module';
import { TeamEntity, TeamInvitationEntity, TeamMemberEntity } from './teams/team.entity';
import { redactUrl } from './common/log-redaction';
import { StorageModule } from './storage/storage.module';
import { UserEntity } from './users/user.entity';
import { UsersModule } from './users/users.module';
import { PROCESS_ROLE, type ProcessRole } from './common/process-role';
import { spaStaticOptions } from './web/spa-static';

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
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: databaseUrl,
          entities: [
            UserEntity,
            IdentityAccountEntity,
            CoachingSessionEntity,
            SessionAnalysisEntity,
            GoalEntity,
            ReviewLinkEntity,
            ReviewCommentEntity,
            SupportRequestEntity,
            TeamEntity,
            TeamMemberEntity,
            TeamInvitationEntity,
          ],
          migrations,
          migrationsRun: role === 'api',
          migrationsTransactionMode: 'each',
          synchronize: false,
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
        HttpMounts,
      ],
      exports: [AppConfig, DATABASE_URL, PROCESS_ROLE, HttpMounts],
    };
  }
}
