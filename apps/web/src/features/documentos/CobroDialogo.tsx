import { dec, formatAmount, MSG, sub, toFixed } from '@faro/domain';
import { Text, Textarea, TextInput } from '@mantine/core';
import { api } from '../../platform/api/client.ts';
import { ligarEntrada } from '../../ui/form/Formulario.tsx';
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
import { aDecimal, type DocumentoVenta, hoyIso, numeroEditable } from './documentosModel.ts';
import { useLado } from './lado.ts';

interface CobroValores extends CuentaYFechaValores {
  Importe: string;
  Notas: string;
}

const validarCobro = (v: CobroValores) => {
  const out: Record<string, string[]> = {};
  if (!/^-?\d+([.,]\d{1,2})?$/.test(v.Importe.trim())) out.Importe = [MSG.format];
  return { ...out, ...validarCuentaYFecha(v) };
};

function CobroForm({
  doc,
  pendiente,
  opciones,
  defecto,
  onCerrar,
  onHecho,
}: {
  doc: DocumentoVenta;
  pendiente: string;
  idCuentaDefecto: number | null;
  onCerrar: () => void;
  onHecho: () => Promise<void>;
} & CuentasCobro) {
  const lado = useLado();
  const form = useForm<CobroValores>(
    { Importe: numeroEditable(pendiente, 2), IdTesoreria: defecto, Fecha: hoyIso(), Notas: '' },
    validarCobro,
  );
  const guardar = () =>
    form.submit(
      async (v) => {
        await api.post(`${lado.pago.ruta}/save`, {
          IdFactura: doc.Id,
          Importe: aDecimal(v.Importe),
          IdTesoreria: Number(v.IdTesoreria),
          Fecha: v.Fecha,
          Notas: v.Notas.trim() || null,
        });
        await onHecho();
      },
      { force: true },
    );
  return (
    <FormDialogo
      titulo={`${lado.pago.boton} de ${doc.NumSerie ?? 'la factura'}`}
      onCerrar={onCerrar}
      onEnviar={guardar}
    >
      <Text size="sm" c="dimmed">
        Total {formatAmount(doc.Total)} · Pendiente {formatAmount(pendiente)}
      </Text>
      <TextInput
        label="Importe"
        withAsterisk
        inputMode="decimal"
        data-autofocus
        {...ligarEntrada(form, 'Importe')}
        onBlur={() => form.touch('Importe')}
        rightSection="€"
      />
      <CuentaYFecha form={form} opciones={opciones} />
      <Textarea label="Notas" minRows={1} {...ligarEntrada(form, 'Notas')} />
      <PieDialogo form={form} boton={lado.pago.boton} onCerrar={onCerrar} />
    </FormDialogo>
  );
}

/** Pending amount = total − collections (exact decimals). */
export function pendienteDe(total: string, cobros: { Importe: string }[]): string {
  return toFixed(
    cobros.reduce((s, c) => sub(s, dec(c.Importe)), dec(total)),
    2,
  );
}

/** 'Registrar cobro': amount (the pending one by default), treasury account, date; into tesoreria/movstesoreriac. */
export const CobroDialogo = conCuentasCobro(CobroForm);
