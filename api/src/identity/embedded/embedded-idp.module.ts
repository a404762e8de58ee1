import * as path from 'node:path';
import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken, InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import express from 'express';
import type Provider from 'oidc-provider';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config';
import { HttpMounts } from '../../common';
import { ThrottleStore } from '../../database';
import { IDENTITY_PROVIDER } from '../identity-provider';
import { EmbeddedIdentityProvider } from './embedded-identity-provider';
import { EMBEDDED_OIDC_PROVIDER } from './embedded-idp.tokens';
import { API_AUDIENCE, createEmbeddedOidcProvider, issuerFor } from './embedded-oidc-provider';
import { IdentityAccountEntity } from './identity-account.entity';
import { IdentityAccountsRepository } from './identity-accounts.repository';
import { LoginThrottle } from './login-throttle';
import { loadOrCreateSecrets, type EmbeddedIdpSecrets } from './identity-secrets';
import { InteractionController } from './interaction.controller';
import { InteractionService } from './interaction.service';
import { deleteExpiredOidcPayloads } from './postgres-oidc-adapter';

const SECRETS = Symbol('EMBEDDED_IDP_SECRETS');
const STATIC_DIR = path.resolve(__dirname, '../../../assets/idp');

/** The embedded OpenID provider at /idp, its pages, and the IdentityProvider port over it. */
@Module({
  imports: [TypeOrmModule.forFeature([IdentityAccountEntity])],
  controllers: [InteractionController],
  providers: [
    IdentityAccountsRepository,
    InteractionService,
    {
      provide: LoginThrottle,
      inject: [AppConfig, ThrottleStore],
      useFactory: (config: AppConfig, store: ThrottleStore) => new LoginThrottle(config.loginThrottle, store),
    },
    { provide: SECRETS, inject: [getDataSourceToken()], useFactory: (ds: DataSource) => loadOrCreateSecrets(ds) },
    {
      provide: EMBEDDED_OIDC_PROVIDER,
      inject: [AppConfig, getDataSourceToken(), IdentityAccountsRepository, SECRETS],
      useFactory: createEmbeddedOidcProvider,
    },
    {
      provide: IDENTITY_PROVIDER,
      inject: [IdentityAccountsRepository, SECRETS, AppConfig, LoginThrottle],
      useFactory: (accounts: IdentityAccountsRepository, secrets: EmbeddedIdpSecrets, config: AppConfig, throttle: LoginThrottle) =>
        new EmbeddedIdentityProvider(accounts, secrets.jwks.keys, issuerFor(config), API_AUDIENCE, throttle),
    },
  ],
  exports: [IDENTITY_PROVIDER, IdentityAccountsRepository],
})
export class EmbeddedIdpModule implements OnApplicationShutdown {
  private readonly cleanup: NodeJS.Timeout;

  constructor(@InjectDataSource() dataSource: DataSource, mounts: HttpMounts, @Inject(EMBEDDED_OIDC_PROVIDER) provider: Provider) {
    const oidc = provider.callback();
    mounts.add(
      { path: '/idp/static', handler: express.static(STATIC_DIR, { index: false, maxAge: '1h' }) },
      { path: '/idp/interaction', handler: express.urlencoded({ extended: false, limit: '10kb' }) },
      // Everything under /idp is the OpenID provider's, except the product's own pages.
      { path: '/idp', handler: (req, res, next) => (req.path.startsWith('/interaction/') ? next() : oidc(req, res)) },
    );
    this.cleanup = setInterval(() => void deleteExpiredOidcPayloads(dataSource).catch(() => undefined), 10 * 60 * 1000);
    this.cleanup.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.cleanup);
  }
}
