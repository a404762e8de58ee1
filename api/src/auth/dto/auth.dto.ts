import { ApiProperty } from '@nestjs/swagger';
import { IDENTITY_ERROR_MESSAGES, SIGNUP_PLANS, type SignupPlan } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';

// The catalogue's text (spec §8), so a form that shows the API's answer shows the product's words.
const INVALID_EMAIL = { message: IDENTITY_ERROR_MESSAGES['invalid-email'] };
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class LoginDto {
  @ApiProperty({ description: "The identity provider's subject of the signed-in account" })
  @IsString()
  @Length(1, 255)
  identityId: string;

  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, INVALID_EMAIL)
  @MaxLength(320)
  email: string;
}

export class RegisterDto extends LoginDto {
  @ApiProperty({ minLength: 2, maxLength: 50 })
  @Transform(trim)
  @IsString()
  @Length(2, 50, { message: 'username must be 2 to 50 characters' })
  @Matches(/^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u, { message: 'username may contain letters, digits, spaces and . _ \' -' })
  username: string;

  @ApiProperty({ enum: SIGNUP_PLANS })
  @IsIn(SIGNUP_PLANS, { message: `plan must be one of: ${SIGNUP_PLANS.join(', ')}` })
  plan: SignupPlan;
}

export class ResetPasswordRequestDto {
  @ApiProperty()
  @Transform(trim)
  @IsEmail({}, INVALID_EMAIL)
  @MaxLength(320)
  email: string;
}

export class ResetPasswordConfirmDto extends ResetPasswordRequestDto {
  @ApiProperty({ description: 'The 6-digit code from the email' })
  @Transform(trim)
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits from the email' })
  code: string;

  @ApiProperty({ minLength: 6, maxLength: 128 })
  @IsString()
  @MaxLength(128)
  newPassword: string;
}
