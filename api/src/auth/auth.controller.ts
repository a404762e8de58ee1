import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { UserDto } from '@touchline/shared';
import type { VerifiedIdentity } from '../identity/identity-provider';
import { AuthService } from './auth.service';
import { BearerAuthGuard, CurrentIdentity } from './bearer-auth.guard';
import { LoginDto, RegisterDto, ResetPasswordConfirmDto, ResetPasswordRequestDto } from './dto/auth.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
  ) {}

  @Get('config')
  @ApiOkResponse({ description: 'Where the web app signs in: the identity provider and its public client' })
  config() {
    return this.auth.clientConfig();
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  login(@CurrentIdentity() identity: VerifiedIdentity, @Body() dto: LoginDto): Promise<UserDto> {
    return this.auth.login(identity, dto);
  }

  @Post('register')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  register(@CurrentIdentity() identity: VerifiedIdentity, @Body() dto: RegisterDto): Promise<UserDto> {
    return this.auth.register(identity, dto);
  }

  @Get('check')
  @UseGuards(BearerAuthGuard)
  @ApiBearerAuth()
  check(@CurrentIdentity() identity: VerifiedIdentity): Promise<UserDto> {
    return this.auth.check(identity);
  }

  @Post('reset-password-request')
  @HttpCode(202)
  resetPasswordRequest(@Body() dto: ResetPasswordRequestDto, @Ip() address: string) {
    return this.passwordReset.request(dto.email, address);
  }

  @Post('reset-password-confirm')
  @HttpCode(200)
  resetPasswordConfirm(@Body() dto: ResetPasswordConfirmDto, @Ip() address: string) {
    return this.passwordReset.confirm(dto.email, dto.code, dto.newPassword, address);
  }
}
