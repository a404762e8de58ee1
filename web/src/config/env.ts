import { missingSettingMessage } from '@touchline/shared';

/** Build settings, checked once when the app starts. A missing one stops the app with an error naming it. */
function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(missingSettingMessage(name));
  return value;
}

function email(name: string, value: string): string {
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new Error(`${name} must be an email address`);
  return value;
}

export function readEnv(source: Record<string, string | undefined>) {
  return {
    supportEmail: email('VITE_SUPPORT_EMAIL', required('VITE_SUPPORT_EMAIL', source.VITE_SUPPORT_EMAIL)),
  };
}

export const env = readEnv(import.meta.env);
