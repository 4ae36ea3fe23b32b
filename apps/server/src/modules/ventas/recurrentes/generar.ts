import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { CompanyDirectory } from '../../../platform/tenancy/directory.ts';
import type { Scope } from '../../../platform/tenancy/scope.ts';
import { motorCompra } from '../../compras/ladoCompra.ts';
import {
  generarPlantilla as generarDe,
  generarPendientes as generarLados,
  hoyEnEspana,
  type ResultadoGeneracion,
} from '../../documentos/recurrentes.ts';
import { motorVenta } from '../ladoVenta.ts';

/**
 * Recurring invoices (`fventarec`, and the purchases' `fcomprarec` on the same job): the engine's generator
 * (`modules/documentos/recurrentes.ts`) under the names its callers use.
 */
export { hoyEnEspana, type ResultadoGeneracion };

/** Generates the due periods of one sales template (see the engine's `generarPlantilla`). */
export const generarPlantilla = (scope: Scope, mailer: Mailer, id: number, hoy?: string) =>
  generarDe(motorVenta, scope, mailer, id, hoy);

/** The job's body: every due template of both sides (sales with ActFactRecurrentes, purchases with ActComprasRecurrentes). */
export const generarPendientes = (companies: CompanyDirectory, mailer: Mailer, hoy?: string) =>
  generarLados([motorVenta, motorCompra], companies, mailer, hoy);
