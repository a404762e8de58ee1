import { BadRequestException } from '@nestjs/common';
import { IsEmail, IsString } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from './error-body';
import { createValidationPipe } from './validation';

class ExampleDto {
  @IsEmail()
  email: string;

  @IsString()
  username: string;
}

const metadata = { type: 'body' as const, metatype: ExampleDto };

describe('global validation', () => {
  it('accepts a valid body', async () => {
    await expect(createValidationPipe().transform({ email: 'a@b.co', username: 'al' }, metadata)).resolves.toBeInstanceOf(ExampleDto);
  });

  it('refuses unknown fields with a readable message', async () => {
    const error = await createValidationPipe()
      .transform({ email: 'a@b.co', username: 'al', eliteRole: 'Elite Admin' }, metadata)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(toErrorBody(error)).toEqual({ statusCode: 400, message: 'property eliteRole should not exist' });
  });

  it('refuses invalid values and names every field', async () => {
    const error = await createValidationPipe()
      .transform({ email: 'nope' }, metadata)
      .catch((e: unknown) => e);
    expect(toErrorBody(error)).toEqual({ statusCode: 400, message: 'email must be an email; username must be a string' });
  });
});
