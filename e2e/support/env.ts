/** Addresses of the product the browser tests run against (started by playwright.config's webServer). */
export const port = Number(process.env.E2E_PORT ?? 18_765);
export const baseURL = `http://127.0.0.1:${port}`;
export const mailUrl = `http://127.0.0.1:${Number(process.env.E2E_MAIL_WEB_PORT ?? 18_766)}`;
export const mailSmtpPort = Number(process.env.E2E_MAIL_SMTP_PORT ?? 18_767);
