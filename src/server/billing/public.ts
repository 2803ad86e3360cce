/** What other features may use of billing (ADR 056): everything else in src/server/billing is private to it. */
export { currentPeriod, dayOf, isoDay, nextBillingDate } from './calendar';
export type { Period } from './calendar';
export { replaceCard } from './card';
export { failedChargeOf } from './charging';
export { customerDeclineReason } from './decline-reasons';
export { monthStatement, planChargeIfChanged, planSpansOf } from './month-statement';
export type { PlanSpan, StatementLine } from './month-statement';
export { paymentsOf } from './payments';
export type { PaymentProvider, VaultedCard } from './provider';
export { findBillingAccount, findOwners, insertBillingAccount, insertPlanPeriod, updateBillingAccount } from './queries';
export { searchCount } from './usage-lines';
