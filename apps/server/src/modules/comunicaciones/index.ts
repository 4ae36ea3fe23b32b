import { MSG, plantemail, sanitizeRichText, segmentacion } from '@faro/domain';
import { z } from 'zod';
import { registerEntity } from '../../platform/crud/registerEntity.ts';
import type { AreaModule } from '../../platform/deps.ts';
import { aperturaRoutes } from './apertura.ts';
import { bajasRoutes } from './bajas.ts';
import { campanasRoutes } from './campanas.ts';

/** The template body keeps only formatting HTML (no scripts, handlers, foreign URL schemes or pasted images). */
const cuerpo = z
  .string({ error: MSG.format })
  .max(100_000, { error: MSG.maxLength('Texto', 100_000) })
  .nullish()
  .transform((v) => (v ? sanitizeRichText(v) : null));

/** Communications area: e-mail templates, segmentation, e-mail and SMS campaigns with their queue, unsubscribes. */
export const comunicacionesModule: AreaModule = async (app, deps) => {
  registerEntity(app, deps, plantemail, { overrides: { Cuerpo: cuerpo } });
  registerEntity(app, deps, segmentacion);
  await campanasRoutes(app, deps);
  await bajasRoutes(app, deps);
  await aperturaRoutes(app, deps);
};
