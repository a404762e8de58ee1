// The auth module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { AuthModule } from './auth.module';
export { CurrentUser, RegisteredUserGuard, TokenExpiry } from './registered-user.guard';
export { UserAuthenticator } from './user-authenticator';
