import { forwardRef } from 'react';
import { EMAIL_MAX_LENGTH, USERNAME_MAX_LENGTH } from '@/lib/form-validation';
import { TextField, type TextFieldProps } from './text-field';

type AccountFieldProps = Omit<TextFieldProps, 'label'>;

/** A coach's email address, as the account forms ask for it (sign-up, password reset, a team invitation). */
export const EmailField = forwardRef<HTMLInputElement, AccountFieldProps>((props, ref) => (
  <TextField ref={ref} label="Email" name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} {...props} />
));
EmailField.displayName = 'EmailField';

/** A coach's username, as sign-up and joining a team by invitation ask for it. */
export const UsernameField = forwardRef<HTMLInputElement, AccountFieldProps>((props, ref) => (
  <TextField ref={ref} label="Username" name="username" autoComplete="nickname" maxLength={USERNAME_MAX_LENGTH} {...props} />
));
UsernameField.displayName = 'UsernameField';
