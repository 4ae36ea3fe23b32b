import { levelIn } from '@faro/domain';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { registerExtensions } from '../../ui/extensions.ts';
import { LotesPanel } from './LotesPanel.tsx';

/** A traced product's lots and their history under its form, for users who see the catalogue. */
function LotesProducto({ id }: { id: number }) {
  const { info } = useReady();
  if (levelIn(info, 'CataProdServ') < 1) return null;
  return <LotesPanel id={id} />;
}

registerExtensions({ panels: { productos: LotesProducto } });
