/**
 * Pieces of the issuing bench, used by `bench/verifactu.ts`:
 *   - `cargaHttp`: one request per item (POST emitir/{id}), `concurrency` keep-alive lanes on a worker thread, so the
 *     load generator does not share the server's event loop;
 *   - `perfilPg`: a statement trace of every transaction on node-postgres (PostgreSQL only), to count statements and
 *     round trips per issue and the time the series counter row and the VeriFactu chain head stay locked.
 */
import pg from 'pg';
import { type MultiResult, type MultiSpec, runItemsInWorker, type Stats, stats } from './load.ts';

/** A load's result (the items runner's, or the in-process one's: `bytes` unused here). */
export type ResultadoCarga = Omit<MultiResult, 'bytes'>;
export type EspecCarga = Omit<MultiSpec, 'warmup'>;

/** The items over HTTP, `concurrency` at a time, on a worker thread; bounded in time (the sales bench's runner). */
export const cargaHttp = (spec: EspecCarga): Promise<ResultadoCarga> => runItemsInWorker({ ...spec, warmup: 0 });

/** Successful requests per second and how many failed. */
export const okDe = (r: ResultadoCarga) => {
  const ok = (r.statuses['200'] ?? 0) + (r.statuses.ok ?? 0);
  return { ok, porSegundo: ok / r.seconds, fallos: r.latencies.length - ok + r.errors };
};

// ---------------------------------------------------------------- statement trace (node-postgres)

interface Sentencia {
  text: string;
  t0: number;
  t1: number;
}

interface Traza {
  sentencias: Sentencia[];
}

export interface PerfilEmision {
  transacciones: number;
  /** Statements per issuing transaction, BEGIN and COMMIT included (each one a round trip). */
  sentencias: Stats;
  /** Round trips from the counter statement to COMMIT (both included: the lock is held over them). */
  bajoContador: Stats;
  bajoCadena: Stats;
  /** Time the counter row / chain head stay locked (from the locking statement's answer to COMMIT's answer). */
  retencionContador: Stats;
  retencionCadena: Stats;
  /** Time waited in the locking statement (queueing behind the other issuers). */
  esperaContador: Stats;
  transaccion: Stats;
  /** One trivial round trip (BEGIN) under the same load: the unit the hold times are made of. */
  idaVuelta: Stats;
  /** The statements of one issuing transaction, in order, shortened. */
  ejemplo: string[];
}

const texto = (config: unknown): string =>
  typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');

/**
 * Starts tracing every statement of every pooled connection (node-postgres). `detener()` restores the driver and
 * returns the profile of the transactions that took a series number. PostgreSQL only (PGlite has no connection).
 */
export function perfilPg(): { detener: () => PerfilEmision | null } {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const abiertas = new WeakMap<object, Traza>();
  const cerradas: Traza[] = [];
  proto.query = function (this: object, ...args: unknown[]) {
    const text = texto(args[0]).trim();
    const verbo = text.slice(0, 8).toLowerCase();
    if (verbo.startsWith('begin')) abiertas.set(this, { sentencias: [] });
    const traza = abiertas.get(this);
    const s: Sentencia = { text, t0: performance.now(), t1: 0 };
    const fin = () => {
      s.t1 = performance.now();
      if (traza && (verbo.startsWith('commit') || verbo.startsWith('rollback'))) {
        cerradas.push(traza);
        abiertas.delete(this);
      }
    };
    traza?.sentencias.push(s);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...r: unknown[]) => {
        fin();
        return (last as (...x: unknown[]) => unknown)(...r);
      };
      return original.apply(this, args);
    }
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      return (out as Promise<unknown>).then(
        (v) => {
          fin();
          return v;
        },
        (e) => {
          fin();
          throw e;
        },
      );
    }
    return out;
  };
  return {
    detener() {
      proto.query = original;
      const emisiones = cerradas.filter((t) => t.sentencias.some((s) => /series_contadores/.test(s.text)));
      if (!emisiones.length) return null;
      const n: number[] = [];
      const bc: number[] = [];
      const bh: number[] = [];
      const rc: number[] = [];
      const rh: number[] = [];
      const ec: number[] = [];
      const tt: number[] = [];
      const iv: number[] = [];
      for (const t of emisiones) {
        const ss = t.sentencias;
        iv.push(ss[0]!.t1 - ss[0]!.t0);
        const fin = ss[ss.length - 1]!;
        const ic = ss.findIndex((s) => /series_contadores/.test(s.text));
        const ih = ss.findIndex((s) => /verifactu_cadena/.test(s.text) && /for update/i.test(s.text));
        n.push(ss.length);
        bc.push(ss.length - ic);
        rc.push(fin.t1 - ss[ic]!.t1);
        ec.push(ss[ic]!.t1 - ss[ic]!.t0);
        tt.push(fin.t1 - ss[0]!.t0);
        if (ih >= 0) {
          bh.push(ss.length - ih);
          rh.push(fin.t1 - ss[ih]!.t1);
        }
      }
      const ejemplo = emisiones[emisiones.length - 1]!.sentencias.map((s) => {
        const corto = s.text.replace(/\s+/g, ' ').replace(/"/g, '');
        return corto.length > 110 ? `${corto.slice(0, 107)}...` : corto;
      });
      return {
        transacciones: emisiones.length,
        sentencias: stats(n),
        bajoContador: stats(bc),
        bajoCadena: stats(bh.length ? bh : [0]),
        retencionContador: stats(rc),
        retencionCadena: stats(rh.length ? rh : [0]),
        esperaContador: stats(ec),
        transaccion: stats(tt),
        idaVuelta: stats(iv),
        ejemplo,
      };
    },
  };
}
