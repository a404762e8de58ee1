import { Module } from '@nestjs/common';
import { UsersModule } from '../users';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { BearerAuthGuard } from './bearer-auth.guard';
import { PasswordResetCodesRepository } from './password-reset-codes.repository';
import { PasswordResetService } from './password-reset.service';
import { VerificationResendService } from './verification-resend.service';
import { RegisteredUserGuard } from './registered-user.guard';
import { UserAuthenticator } from './user-authenticator';

@Module({
  imports: [UsersModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    BearerAuthGuard,
    PasswordResetService,
    PasswordResetCodesRepository,
    UserAuthenticator,
    RegisteredUserGuard,
    VerificationResendService,
  ],
  exports: [BearerAuthGuard, UserAuthenticator, RegisteredUserGuard, UsersModule],
})
export class AuthModule {}
