// The plans module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { BILLING_WEBHOOK_ROUTE } from './billing/billing.port';
export { EntitlementsService, uploadMonth } from './entitlements.service';
export { loadPlanCatalogue } from './plan-catalogue';
export { PlansModule } from './plans.module';
export { RequiresCapability } from './requires-capability';
