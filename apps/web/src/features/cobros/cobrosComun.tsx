import { formatAmount } from '@faro/domain';
import { useQuery } from '@tanstack/react-query';
import { api, type ListAnswer } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { FechaIso } from '../../ui/fields/FechaIso.tsx';
import { LADO_COBROS, type LadoPagos } from './ladoPagos.ts';

export const money = (v: string | null | undefined) => formatAmount(v ?? '0');

/** A date typed or picked the Spanish way (dd/mm/aaaa), kept as ISO yyyy-mm-dd (a native date input shows the
 * browser's format, mm/dd/yyyy in an English browser). */
export function Fecha(p: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
  error?: string;
}) {
  return (
    <FechaIso
      label={p.label}
      clearable={!p.required}
      withAsterisk={p.required}
      value={p.value}
      onChange={p.onChange}
      error={p.error}
      w={p.required ? undefined : 150}
    />
  );
}

/** The company's treasury accounts. */
export function useCuentas() {
  const { info } = useReady();
  const params = { Pagina: 1, TotalPagina: 200 };
  return useQuery({
    queryKey: qk.list(info.IdEmpresa, 'tesoreria', params),
    queryFn: () =>
      api.get<ListAnswer<{ Id: number; Nombre: string; Baja?: boolean }>>('tesoreria/tesoreria/list', { params }),
  });
}

export const aFactura = (id: number, lado: LadoPagos = LADO_COBROS) => `${lado.facturas.editar}${id}`;

/** The party's name of a movement or invoice row, by the side's JSON name. */
export const nombreTercero = (r: object, lado: LadoPagos) =>
  String((r as Record<string, unknown>)[lado.terceroNombre] ?? (r as Record<string, unknown>).ClienteNombre ?? '');
