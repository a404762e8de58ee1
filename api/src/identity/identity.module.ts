import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config';
import { EmbeddedIdpModule } from './embedded/embedded-idp.module';
import { IDENTITY_PROVIDER } from './identity-provider';

/** Origins outside the product the web app talks to for sign-in (its Content-Security-Policy allows them). */
export function identityOrigins(config: AppConfig): string[] {
  return config.keycloak ? [new URL(config.keycloak.url).origin] : [];
}

/**
 * The one place that reads IDENTITY_PROVIDER: it wires the Keycloak adapter or the embedded provider. The Keycloak
 * adapter and its admin client are loaded only in Keycloak mode.
 */
@Module({})
export class IdentityModule {
  static register(config: AppConfig): DynamicModule {
    if (config.identityProvider === 'embedded') {
      return { module: IdentityModule, global: true, imports: [EmbeddedIdpModule], exports: [EmbeddedIdpModule] };
    }
    return {
      module: IdentityModule,
      global: true,
      providers: [
        {
          provide: IDENTITY_PROVIDER,
          useFactory: async () => {
            const { KeycloakIdentityProvider } = await import('./keycloak/keycloak-identity-provider.js');
            return new KeycloakIdentityProvider(config.keycloak!, `${config.publicUrl}/login`);
          },
        },
      ],
      exports: [IDENTITY_PROVIDER],
    };
  }
}
