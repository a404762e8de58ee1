// The config module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export {
  type AnalysisSettings,
  AppConfig,
  type AssistantSettings,
  ConfigError,
  type KeycloakSettings,
  loadConfig,
  type LoginThrottleSettings,
  ROOT_POSTGRES_DEFAULTS,
  type RootPostgresSettings,
  type S3Settings,
  type StripeSettings,
} from './app-config';
