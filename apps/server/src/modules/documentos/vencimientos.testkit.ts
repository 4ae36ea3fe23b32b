import { idDe } from '../../../test/datosDemo.ts';
import type { Session } from '../../../test/testApp.ts';

/**
 * What the due-date tests of both sides need from the demo: its instalment payment methods by code (R306090: 30,
 * 60 and 90 days; TRANSF30: one at 30 days) and its first treasury account to collect or pay into.
 */
export async function plazosDemo(s: Session) {
  const fp: Record<string, number> = {};
  for (const codigo of ['R306090', 'TRANSF30'])
    fp[codigo] = await idDe(s, '/api/configuracion/fpago', { Codigo: codigo });
  const cuenta: number = (await s.request('GET', '/api/tesoreria/tesoreria/list')).body.Items[0].Id;
  return { fp, cuenta };
}
