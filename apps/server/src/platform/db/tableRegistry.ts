import { drivingSchoolEntityTables } from '../../modules/autoescuela/tablas.ts';
import { academyEntityTables } from '../../modules/formacion/tablas.ts';
import { dentalEntityTables } from '../../modules/odontologia/tablas.ts';
import { masterTables } from '../../modules/tablasMaestras.ts';
import type { EntityTable } from './entityTable.ts';
import { entityTables } from './schema.ts';

const TABLES: Record<string, EntityTable> = {
  ...entityTables,
  ...masterTables,
  ...academyEntityTables,
  ...drivingSchoolEntityTables,
  ...dentalEntityTables,
};

/** The derived table of an entity by name (undefined for entities kept in their own tables, like usuarios). */
export function tableOf(entityName: string): EntityTable | undefined {
  return TABLES[entityName];
}
