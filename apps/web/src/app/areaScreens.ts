import { AUTOESCUELA_SCREENS } from './areas/autoescuela.ts';
import { COMPRAS_SCREENS } from './areas/compras.ts';
import { CONTABILIDAD_SCREENS } from './areas/contabilidad.ts';
import { CRM_SCREENS } from './areas/crm.ts';
import { FORMACION_SCREENS } from './areas/formacion.ts';
import { IMPUESTOS_SCREENS } from './areas/impuestos.ts';
import { ODONTOLOGIA_SCREENS } from './areas/odontologia.ts';
import { PERSONAL_SCREENS } from './areas/personal.ts';
import { PLATAFORMA_SCREENS } from './areas/plataforma.ts';
import { TESORERIA_SCREENS } from './areas/tesoreria.ts';
import { TICKETBAI_SCREENS } from './areas/ticketbai.ts';
import type { AreaScreens } from './areas/types.ts';
import { VENTAS_SCREENS } from './areas/ventas.ts';

/** Bespoke screens per action, merged from each area's own file (app/areas/*.ts). */
export const AREA_SCREENS: AreaScreens = {
  ...VENTAS_SCREENS,
  ...COMPRAS_SCREENS,
  ...TESORERIA_SCREENS,
  ...PERSONAL_SCREENS,
  ...CRM_SCREENS,
  ...FORMACION_SCREENS,
  ...PLATAFORMA_SCREENS,
  ...IMPUESTOS_SCREENS,
  ...CONTABILIDAD_SCREENS,
  ...TICKETBAI_SCREENS,
  ...AUTOESCUELA_SCREENS,
  ...ODONTOLOGIA_SCREENS,
};
