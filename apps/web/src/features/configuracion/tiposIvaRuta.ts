import { ENTITIES, type EntityDef } from '@faro/domain';

/**
 * The VAT types have no route of their own in the spec's route tables: they open under the configuration hub,
 * `configura/tiposiva/lista|nuevo|editar/{id}`, on the generic entity screens (whose links follow `action`).
 */
export const TIPOS_IVA_ACTION = 'configura/tiposiva';
export const tiposIvaEnConfigura: EntityDef = { ...ENTITIES.tiposiva, action: TIPOS_IVA_ACTION };
