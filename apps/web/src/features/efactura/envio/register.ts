import { camposDelCanal } from '@faro/domain';
import { registerExtensions } from '../../../ui/extensions.ts';

/** The customer's DIR3 units show with FACe and the Peppol id with Peppol; with any other channel they stay hidden. */
const segunCanal = (campo: string) => (values: Record<string, unknown>) =>
  camposDelCanal(values.CanalEfactura).includes(campo) || Boolean(values[campo]);

registerExtensions({
  visible: Object.fromEntries(
    ['Dir3OficinaContable', 'Dir3OrganoGestor', 'Dir3UnidadTramitadora', 'PeppolId'].map((c) => [
      `clientes.${c}`,
      segunCanal(c),
    ]),
  ),
});
