import type { TestApp } from '../../../test/testApp.ts';
import { companyDirectory } from '../../platform/tenancy/directory.ts';
import { emitirFactura } from '../ventas/documentos/emitir.ts';

/**
 * Issues every draft at once, each in its own transaction, and rolls back every fifth from the third (3 of 16): what
 * a chain of fiscal records must survive without a fork. Returns how many issues committed.
 */
export async function emitirALaVez(t: TestApp, empresaId: number, borradores: readonly number[]): Promise<number> {
  const empresa = () => companyDirectory(t.deps).scope(empresaId, { personaId: null, userName: 'prueba' });
  const resultados = await Promise.all(
    borradores.map((id, i) =>
      empresa()
        .tx(async (tx) => {
          await emitirFactura(tx, id);
          if (i % 5 === 2) throw new Error('rollback');
        })
        .then(
          () => true,
          () => false,
        ),
    ),
  );
  return resultados.filter(Boolean).length;
}
