import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserDto } from '@touchline/shared';
import { ClientAddress, ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS } from '../common';
import type { VerifiedIdentity } from '../identity';
import type { UserEntity } from '../users';
import { AuthService } from './auth.service';
import { BearerAuthGuard, CurrentIdentity } from './bearer-auth.guard';
import { LoginBody, RegisterBody, ResendVerificationBody, ResetPasswordConfirmBody, ResetPasswordRequestBody } from './dto/auth.dto';
import { IdentityClientConfigResponse, MessageResponse, UserResponse } from './dto/user.response';
import { PasswordResetService } from './password-reset.service';
import { CurrentUser, RegisteredUserGuard } from './registered-user.guard';
import { VerificationResendService } from './verification-resend.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
    private readonly verificationResend: VerificationResendService,
  ) {}

  @Get('config')
  @ApiOkResponse({ description: 'Where the web app signs in: the identity provider and its public client', type: IdentityClientConfigResponse })
  config() {
    return this.auth.clientConfig();
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The user record of the signed-in account', type: UserResponse })
  @ApiErrors(...BODY_ERRORS, 401, 403, 404, 503)
  login(@CurrentIdentity() identity: VerifiedIdentity, @Body() dto: LoginBody): Promise<UserDto> {
    return this.auth.login(identity, dto);
  }

  @Post('register')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  @ApiCreatedResponse({ description: 'The new user record', type: UserResponse })
  @ApiErrors(...BODY_ERRORS, 401, 403, 409, 503)
  register(@CurrentIdentity() identity: VerifiedIdentity, @Body() dto: RegisterBody): Promise<UserDto> {
    return this.auth.register(identity, dto);
  }

  @Delete('notice')
  @UseGuards(RegisteredUserGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The user record, its notice dismissed', type: UserResponse })
  @ApiErrors(...SIGNED_IN_ERRORS)
  dismissNotice(@CurrentUser() user: UserEntity): Promise<UserDto> {
    return this.auth.dismissNotice(user);
  }

  @Get('check')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  @ApiOkResponse({ description: 'The fresh user record', type: UserResponse })
  @ApiErrors(401, 404, 503)
  check(@CurrentIdentity() identity: VerifiedIdentity): Promise<UserDto> {
    return this.auth.check(identity);
  }

  @Post('reset-password-request')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'The same answer for every address, whether it has an account or not', type: MessageResponse })
  @ApiErrors(...BODY_ERRORS, 429, 503)
  resetPasswordRequest(@Body() dto: ResetPasswordRequestBody, @ClientAddress() address: string) {
    return this.passwordReset.request(dto.email, address);
  }

  @Post('reset-password-confirm')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The password is changed', type: MessageResponse })
  @ApiErrors(...BODY_ERRORS, 429, 503)
  resetPasswordConfirm(@Body() dto: ResetPasswordConfirmBody, @ClientAddress() address: string) {
    return this.passwordReset.confirm(dto.email, dto.code, dto.newPassword, address);
  }

  @Post('resend-verification')
  @HttpCode(202)
  @ApiAcceptedResponse({ description: 'The same answer for every address, whether it has an account waiting for verification or not', type: MessageResponse })
  @ApiErrors(...BODY_ERRORS, 429, 503)
  resendVerification(@Body() dto: ResendVerificationBody, @ClientAddress() address: string) {
    return this.verificationResend.request(dto.email, address);
  }
}
