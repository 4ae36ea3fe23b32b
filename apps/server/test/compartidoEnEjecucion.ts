/**
 * A resource the server test projects of one engine share within one vitest run: the isolated project and the
 * non-isolated one (root vitest.config.ts) use the same PostgreSQL cluster and the same template. The first project
 * that asks starts it; the last one to tear down releases it. Kept on `globalThis` because vitest may load a global
 * setup file once per project (two module instances in the same main process).
 */
interface Entrada {
  valor: Promise<unknown>;
  usos: number;
  liberar: (valor: unknown) => Promise<void> | void;
}

const CLAVE = Symbol.for('faro.test.compartidos');
const global_ = globalThis as { [CLAVE]?: Map<string, Entrada> };
if (!global_[CLAVE]) global_[CLAVE] = new Map();
const registro: Map<string, Entrada> = global_[CLAVE];

export async function compartido<T>(
  clave: string,
  crear: () => Promise<T>,
  liberar: (valor: T) => Promise<void> | void,
): Promise<{ valor: T; soltar: () => Promise<void> }> {
  let entrada = registro.get(clave);
  if (!entrada) {
    entrada = { valor: crear(), usos: 0, liberar: liberar as Entrada['liberar'] };
    registro.set(clave, entrada);
    // A failed start is not kept: the next project tries again and reports its own error.
    entrada.valor.catch(() => registro.delete(clave));
  }
  entrada.usos++;
  const propia = entrada;
  const valor = (await propia.valor) as T;
  let soltada = false;
  return {
    valor,
    soltar: async () => {
      if (soltada) return;
      soltada = true;
      if (--propia.usos > 0) return;
      registro.delete(clave);
      await propia.liberar(valor);
    },
  };
}
