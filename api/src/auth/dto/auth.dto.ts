import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IDENTITY_ERROR_MESSAGES, SIGNUP_PLANS, type SignupPlan } from '@touchline/shared';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsString, Length, Matches, MaxLength } from 'class-validator';
import { USERNAME_PATTERN } from '../../identity';

// The catalogue's text (docs/product-spec.md §8), so a form that shows the API's answer shows the product's words.
const INVALID_EMAIL = { message: IDENTITY_ERROR_MESSAGES['invalid-email'] };
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

// The schemas below state what is accepted as precisely as JSON Schema can, so generated clients and
// conformance tests send what the validators accept; this pattern is the ASCII part of `USERNAME_PATTERN`.
const USERNAME_SCHEMA_PATTERN = "^[A-Za-z0-9]([A-Za-z0-9 ._'-]*[A-Za-z0-9._'-])?$";

@ApiSchema({ name: 'LoginDto' })
export class LoginBody {
  @ApiProperty({ description: "The identity provider's subject of the signed-in account", minLength: 1, maxLength: 255 })
  @IsString()
  @Length(1, 255)
  identityId: string;

  @ApiProperty({ format: 'email', maxLength: 320 })
  @Transform(trim)
  @IsEmail({}, INVALID_EMAIL)
  @MaxLength(320)
  email: string;
}

@ApiSchema({ name: 'RegisterDto' })
export class RegisterBody extends LoginBody {
  @ApiProperty({
    minLength: 2,
    maxLength: 50,
    pattern: USERNAME_SCHEMA_PATTERN,
    description: "Letters and digits of any script, spaces and . _ ' -, starting with a letter or digit",
  })
  @Transform(trim)
  @IsString()
  @Length(2, 50, { message: 'username must be 2 to 50 characters' })
  @Matches(USERNAME_PATTERN, { message: "username may contain letters, digits, spaces and . _ ' -" })
  username: string;

  @ApiProperty({ enum: SIGNUP_PLANS })
  @IsIn(SIGNUP_PLANS, { message: `plan must be one of: ${SIGNUP_PLANS.join(', ')}` })
  plan: SignupPlan;
}

@ApiSchema({ name: 'ResetPasswordRequestDto' })
export class ResetPasswordRequestBody {
  @ApiProperty({ format: 'email', maxLength: 320 })
  @Transform(trim)
  @IsEmail({}, INVALID_EMAIL)
  @MaxLength(320)
  email: string;
}

@ApiSchema({ name: 'ResendVerificationDto' })
export class ResendVerificationBody extends ResetPasswordRequestBody {}

@ApiSchema({ name: 'ResetPasswordConfirmDto' })
export class ResetPasswordConfirmBody extends ResetPasswordRequestBody {
  @ApiProperty({ description: 'The 6-digit code from the email', pattern: '^[0-9]{6}$' })
  @Transform(trim)
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits from the email' })
  code: string;

  @ApiProperty({ minLength: 6, maxLength: 128 })
  @IsString()
  @MaxLength(128)
  newPassword: string;
}
