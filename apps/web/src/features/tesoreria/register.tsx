import { levelIn } from '@faro/domain';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { registerExtensions } from '../../ui/extensions.ts';
import { MandatosPanel } from './MandatosPanel.tsx';

/** The customer's SEPA mandates under its form, for users who manage batches (TesoRemesa). */
function MandatosCliente({ id }: { id: number }) {
  const { info } = useReady();
  if (levelIn(info, 'TesoRemesa') < 1) return null;
  return <MandatosPanel idCliente={id} />;
}

registerExtensions({ panels: { clientes: MandatosCliente } });
