/** Addresses of the products the browser tests run against (started by playwright.config's webServer list). */
export const port = Number(process.env.E2E_PORT ?? 18_765);
export const baseURL = `http://127.0.0.1:${port}`;
export const mailUrl = `http://127.0.0.1:${Number(process.env.E2E_MAIL_WEB_PORT ?? 18_766)}`;
export const mailSmtpPort = Number(process.env.E2E_MAIL_SMTP_PORT ?? 18_767);

/**
 * The same product with IDENTITY_PROVIDER=keycloak, its Keycloak and its mail catcher, at the README's addresses
 * ("Sign-in with Keycloak": localhost for both, so they are one site to the browser) on ports of their own.
 */
export const keycloakProductPort = Number(process.env.E2E_KC_PRODUCT_PORT ?? 18_775);
export const keycloakProductURL = `http://localhost:${keycloakProductPort}`;
export const keycloakMailUrl = `http://127.0.0.1:${Number(process.env.E2E_KC_MAIL_WEB_PORT ?? 18_776)}`;
export const keycloakMailSmtpPort = Number(process.env.E2E_KC_MAIL_SMTP_PORT ?? 18_777);
export const keycloakPort = Number(process.env.E2E_KEYCLOAK_PORT ?? 18_780);
export const keycloakManagementPort = Number(process.env.E2E_KEYCLOAK_MANAGEMENT_PORT ?? 18_781);
export const keycloakURL = `http://localhost:${keycloakPort}`;
/** Keycloak listens on 127.0.0.1 only: the address the test runner waits on, and a different site from the product. */
export const keycloakListenURL = `http://127.0.0.1:${keycloakPort}`;

/** The same product with BILLING_PROVIDER=stripe against stripe-mock, and its mail catcher. */
export const billingProductPort = Number(process.env.E2E_BILLING_PRODUCT_PORT ?? 18_785);
export const billingProductURL = `http://127.0.0.1:${billingProductPort}`;
export const billingMailUrl = `http://127.0.0.1:${Number(process.env.E2E_BILLING_MAIL_WEB_PORT ?? 18_786)}`;
export const billingMailSmtpPort = Number(process.env.E2E_BILLING_MAIL_SMTP_PORT ?? 18_787);
export const stripeMockPort = Number(process.env.E2E_STRIPE_MOCK_PORT ?? 18_788);
