// Tax models presented (issue 15). Company tables of this area: empresa_id first in every key (platform/db/schemaRules.test.ts). Re-exported by
// schema.ts (drizzle-kit) and platform/tenancy/tables.ts (what modules may import).
export {};
