// The silent sign-in check of keycloak-js: hand the provider's answer back to the app in the parent window.
parent.postMessage(location.href, location.origin);
