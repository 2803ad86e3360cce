/** Every table, one file per area; drizzle-kit reads this module. */
export * from './schema-accounts';
export * from './schema-lists';
export * from './schema-batches';
export * from './schema-interactive';
export * from './schema-billing';
export * from './schema-results';
export * from './schema-api-keys';
export * from './schema-queue';
export * from './schema-monitoring';
export * from './schema-roster-intake';
