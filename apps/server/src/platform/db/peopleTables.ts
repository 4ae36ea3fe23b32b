// Tables of this area (filled by its issue). Re-exported by schema.ts so drizzle-kit sees them.
export {};
