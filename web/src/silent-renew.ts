import { WEB_CLIENT_ID } from '@touchline/shared';
import { UserManager } from 'oidc-client-ts';

// The iframe end of a silent sign-in with the embedded provider: hand the answer to the app in the parent.
// The settings only satisfy the constructor; the callback reads everything it needs from the URL.
void new UserManager({ authority: `${location.origin}/idp`, client_id: WEB_CLIENT_ID, redirect_uri: location.href }).signinSilentCallback();
