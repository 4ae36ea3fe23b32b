import type { RecursoVenta } from '@faro/domain';
import { DocumentoEditor as Editor } from '../documentos/DocumentoEditor.tsx';
import { LadoProvider } from '../documentos/lado.ts';
import { LADO_VENTA } from './ladoVenta.ts';

/** `{accion}/nuevo` and `{accion}/editar/{id}` of a sales document: the shared editor on the sales side. */
export function DocumentoEditor({ recurso, id }: { recurso: RecursoVenta; id?: string }) {
  return (
    <LadoProvider value={LADO_VENTA}>
      <Editor recurso={recurso} id={id} />
    </LadoProvider>
  );
}
