// The identity module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { IDENTITY_PROVIDER, type IdentityProvider, type VerifiedIdentity } from './identity-provider';
export { IdentityModule, identityOrigins } from './identity.module';
export { USERNAME_PATTERN } from './signup-profile';
