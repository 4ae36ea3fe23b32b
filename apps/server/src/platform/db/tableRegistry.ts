import { type EntityTable, tablaDerivada } from './entityTable.ts';
// Loads every table file (the platform's and each module's), so each derived table has registered itself.
import './schema.ts';

/** The derived table of an entity by name (undefined for entities kept in their own tables, like usuarios). */
export function tableOf(entityName: string): EntityTable | undefined {
  return tablaDerivada(entityName);
}
