import { formatAmount, type ReciboCandidato } from '@faro/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type ListAnswer, type Params } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { askList } from '../../platform/referenceLists.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { save } from '../../ui/list/ExportMenu.tsx';

/** Shapes of the treasury API and the hooks the treasury screens share. */
export interface Cuenta {
  Id: number;
  Codigo: string;
  Nombre: string;
  Tipo: 'caja' | 'banco';
  IBAN: string | null;
  Arqueable: boolean | null;
  Baja: boolean | null;
  SaldoInicial: string;
  /** Today's balance (movements dated up to today) and the forecast with those recorded for later days. */
  Saldo: string;
  SaldoPrevisto?: string;
  Movimientos: number;
  UltimoMovimiento: string | null;
}

export interface Movimiento {
  Tipo: 'cobro' | 'pago' | 'manual';
  Clase: string;
  Id: number;
  IdTesoreria: number;
  Cuenta: string;
  Fecha: string;
  Importe: string;
  IdConcepto: number | null;
  Descripcion: string;
  IdFactura: number | null;
  Remesado: boolean;
  Arqueado: boolean;
  Conciliado: boolean;
  Saldo: string;
}

export type Recibo = ReciboCandidato;

export interface Remesa {
  Id: number;
  Tipo: 'cobro' | 'pago';
  IdTesoreria: number;
  Cuenta?: string;
  Fecha: string;
  Esquema: string | null;
  Estado: 'preparada' | 'enviada';
  Descripcion: string;
  NumRecibos: number;
  Total: string;
  MsgId: string;
  Devueltos?: number;
  Conciliada?: boolean;
  Recibos?: LineaRemesa[];
}

export interface LineaRemesa {
  Id: number;
  IdRemesa: number;
  IdFactura: number | null;
  Plazo: number;
  NumSerie: string | null;
  TerceroNombre: string;
  Importe: string;
  Vencimiento: string;
  EndToEndId: string;
  Secuencia: string | null;
  /** `presentado`: in a sent batch whose collection date has not come yet. */
  Estado: 'remesado' | 'presentado' | 'cobrado' | 'devuelto';
  Motivo: string | null;
  MotivoTexto: string | null;
  FechaDevolucion: string | null;
  Comision: string | null;
  Representar: string | null;
}

export const dinero = (v: string | null | undefined) => formatAmount(v ?? '0');
export const hoyIso = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date());

/** Accounts with their balances (the treasury home and every account select). */
export function useSaldos() {
  const { info } = useReady();
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'movstesoreria', { saldos: 1 }),
    queryFn: () => api.get<ListAnswer<Cuenta>>('tesoreria/movstesoreria/saldos'),
  });
}

/**
 * Concepts of movements (select options), asked with the screen's other reference lists in one call
 * (`GET /api/listas`): the reconciliation screen shows data after at most 5 calls.
 */
export function useConceptos() {
  const { info } = useReady();
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'conceptosmovs', { lista: 1 }),
    queryFn: async () => ({
      Items: (await askList(info.IdEmpresa, 'conceptosmovs')) as unknown as {
        Id: number;
        Descripcion: string;
        Tipo: string;
      }[],
    }),
  });
}

/** The open bank accounts (the statement import's select), from the batched reference lists like the concepts. */
export function useCuentasBanco() {
  const { info } = useReady();
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'tesoreria', { bancos: 1 }),
    queryFn: async () =>
      (
        (await askList(info.IdEmpresa, 'tesoreria')) as unknown as Pick<Cuenta, 'Id' | 'Nombre' | 'Tipo' | 'Baja'>[]
      ).filter((c) => c.Tipo === 'banco' && !c.Baja),
  });
}

/** Invalidates every treasury list after a change. */
export function useRefrescar() {
  const { info } = useReady();
  const qc = useQueryClient();
  return () =>
    Promise.all(
      ['movstesoreria', 'remesas', 'arqueos', 'extractos', 'mandatos'].map((n) =>
        qc.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, n) }),
      ),
    );
}

/** A file from the API saved by the browser; errors (a batch that fails its XSD) are shown as toasts. */
export async function descargar(path: string, nombre: string, params?: Params) {
  save(await call<Blob>('GET', path, { params, binary: true }), nombre);
}

/** Opens a PDF of the API in a new tab (opened inside the click, pointed at the file once downloaded). */
export async function abrirPdf(path: string) {
  const tab = window.open('', '_blank');
  const blob = await call<Blob>('GET', path, { binary: true });
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  if (tab) tab.location.href = url;
  else window.location.href = url;
}
