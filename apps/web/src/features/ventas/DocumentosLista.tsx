import type { RecursoVenta } from '@faro/domain';
import { DocumentosLista as Lista } from '../documentos/DocumentosLista.tsx';
import { LadoProvider } from '../documentos/lado.ts';
import { LADO_VENTA } from './ladoVenta.ts';

/** `{accion}/lista` of a sales document kind: the shared list on the sales side. */
export function DocumentosLista({ recurso }: { recurso: RecursoVenta }) {
  return (
    <LadoProvider value={LADO_VENTA}>
      <Lista recurso={recurso} />
    </LadoProvider>
  );
}
