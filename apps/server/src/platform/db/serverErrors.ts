import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Unexpected server errors (every 500), for platform administrators: when, which route, who, and the reference the
 * user was shown. A platform table (not company-owned): `empresa` is informative, not a tenancy key.
 */
export const erroresServidor = pgTable(
  'errores_servidor',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    referencia: text('referencia').notNull(),
    metodo: text('metodo').notNull(),
    /** The route template (`/api/ventas/fventa/get/:id`). */
    ruta: text('ruta').notNull(),
    /** The concrete path, without the query string. */
    url: text('url').notNull(),
    empresa: bigint('empresa', { mode: 'number' }),
    persona: bigint('persona', { mode: 'number' }),
    userName: text('user_name'),
    nombre: text('nombre').notNull(),
    mensaje: text('mensaje').notNull(),
  },
  (t) => [
    uniqueIndex('errores_servidor_referencia_uq').on(t.referencia),
    index('errores_servidor_creado_idx').on(t.creado),
  ],
);
