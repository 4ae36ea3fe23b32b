import type { CanalEfactura } from '@faro/domain';
import { canalFace } from '../face/canal.ts';
import { canalSpfe } from '../spfe/canal.ts';
import type { CanalEnvio } from './canal.ts';
import { canalEmailXml, canalPdfEmail } from './canalesCorreo.ts';
import { canalPeppol } from './peppol.ts';

/** The channels the queue sends on. */
export const CANALES_ENVIO: Partial<Record<CanalEfactura, CanalEnvio>> = {
  spfe: canalSpfe,
  face: canalFace,
  peppol: canalPeppol,
  email_xml: canalEmailXml,
  pdf_email: canalPdfEmail,
};
