import { formatAmount, formatDate } from '@faro/domain';
import { Text } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { useForm } from '../../ui/form/useForm.ts';
import {
  type CuentasCobro,
  CuentaYFecha,
  type CuentaYFechaValores,
  conCuentasCobro,
  FormDialogo,
  PieDialogo,
  validarCuentaYFecha,
} from './CamposCobro.tsx';
import type { DocumentoVenta } from './documentosModel.ts';
import { useLado } from './lado.ts';

type Valores = CuentaYFechaValores;

interface Props {
  base: string;
  doc: DocumentoVenta;
  idCuentaDefecto: number | null;
  cuerpo: Record<string, unknown>;
  onCerrar: () => void;
  onHecho: (emitida: DocumentoVenta) => Promise<void>;
}

function Formulario({ base, doc, cuerpo, opciones, defecto, onCerrar, onHecho }: Props & CuentasCobro) {
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

/**
 * 'Emitir y cobrar' / 'Registrar y pagar': the invoice issued and its whole total collected (paid) in one step —
 * the company's default account and the invoice's own date already filled in, so the common case is one click.
 */
export const EmitirYCobrar = conCuentasCobro<Props>(Formulario);
