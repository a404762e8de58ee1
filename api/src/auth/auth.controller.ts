import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { UserDto } from '@touchline/shared';
import { AuthService } from './auth.service';
import { BearerAuthGuard, CurrentIdentity } from './bearer-auth.guard';
import type { VerifiedIdentity } from './identity-provider';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('check')
  @UseGuards(BearerAuthGuard)
  @ApiOkResponse({ description: "The caller's user record" })
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  check(@CurrentIdentity() identity: VerifiedIdentity): Promise<UserDto> {
    return this.auth.check(identity);
  }
}
