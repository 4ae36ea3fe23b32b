import { formatAmount, formatDate } from '@faro/domain';
import { Text } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { useForm } from '../../ui/form/useForm.ts';
import {
  CuentaYFecha,
  type CuentaYFechaValores,
  FormDialogo,
  PieDialogo,
  validarCuentaYFecha,
} from './CamposCobro.tsx';
import type { DocumentoVenta } from './documentosModel.ts';
import { useLado } from './lado.ts';

type Valores = CuentaYFechaValores;

/**
 * 'Emitir y cobrar' / 'Registrar y pagar': the invoice issued and its whole total collected (paid) in one step —
 * the company's default account and the invoice's own date already filled in, so the common case is one click.
 */
/** The treasury accounts to collect or pay into, and the one offered first (the company's default when it is one). */
export function useCuentasCobro(idCuentaDefecto: number | null) {
  const cuentas = useReferenceList('tesoreria');
  if (!cuentas.data) return null;
  const opciones = selectableItems(cuentas.data, []);
  const porDefecto = idCuentaDefecto && opciones.some((o) => o.value === String(idCuentaDefecto));
  return { opciones, defecto: porDefecto ? String(idCuentaDefecto) : (opciones[0]?.value ?? null) };
}

export function EmitirYCobrar(p: {
  base: string;
  doc: DocumentoVenta;
  idCuentaDefecto: number | null;
  cuerpo: Record<string, unknown>;
  onCerrar: () => void;
  onHecho: (emitida: DocumentoVenta) => Promise<void>;
}) {
  const cuentas = useCuentasCobro(p.idCuentaDefecto);
  if (!cuentas) return null;
  const { opciones, defecto } = cuentas;
  return <Formulario {...p} opciones={opciones} defecto={defecto} />;
}

function Formulario({
  base,
  doc,
  cuerpo,
  opciones,
  defecto,
  onCerrar,
  onHecho,
}: Parameters<typeof EmitirYCobrar>[0] & { opciones: { value: string; label: string }[]; defecto: string | null }) {
  const lado = useLado();
  const form = useForm<Valores>({ IdTesoreria: defecto, Fecha: doc.Fecha }, validarCuentaYFecha, (c) =>
    c === 'Pago.IdTesoreria' ? 'IdTesoreria' : c === 'Pago.Fecha' ? 'Fecha' : (c as keyof Valores & string),
  );
  const enviar = () =>
    form.submit(
      async (v) => {
        const emitida = await api.post<DocumentoVenta>(`${base}/${lado.emision.accion}/${doc.Id}`, {
          ...cuerpo,
          Pago: { IdTesoreria: Number(v.IdTesoreria), Fecha: v.Fecha },
        });
        await onHecho(emitida);
      },
      { force: true },
    );
  return (
    <FormDialogo titulo={lado.emision.botonYPago} onCerrar={onCerrar} onEnviar={enviar}>
      <Text size="sm">
        Se le asignará el siguiente número de su serie y la fecha {formatDate(doc.Fecha)}, y se registrará{' '}
        {lado.lado === 'venta' ? 'el cobro' : 'el pago'} de {formatAmount(doc.Total)}. {lado.emision.explica}
      </Text>
      <CuentaYFecha
        form={form}
        opciones={opciones}
        etiquetaFecha={lado.lado === 'venta' ? 'Fecha del cobro' : 'Fecha del pago'}
      />
      <PieDialogo form={form} boton={lado.emision.botonYPago} onCerrar={onCerrar} autofocus />
    </FormDialogo>
  );
}
