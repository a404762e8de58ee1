import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { IDENTITY_PROVIDER } from './identity-provider';
import { UnavailableIdentityProvider } from './unavailable-identity-provider';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [AuthService, BearerAuthGuard, { provide: IDENTITY_PROVIDER, useClass: UnavailableIdentityProvider }],
  exports: [BearerAuthGuard, IDENTITY_PROVIDER],
})
export class AuthModule {}
