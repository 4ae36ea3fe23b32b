import { MSG } from '@faro/domain';
import { Modal, Select, Stack, Text } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { selectableItems, useReferenceList } from '../../platform/referenceLists.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { DateInput } from '../../ui/dates.ts';
import { errorLines } from '../../ui/form/FormField.tsx';
import { Formulario } from '../../ui/form/Formulario.tsx';
import type { FormApi } from '../../ui/form/useForm.ts';

/** The part every collection or payment form has: the treasury account it goes into and its date. */
export interface CuentaYFechaValores extends Record<string, unknown> {
  IdTesoreria: string | null;
  Fecha: string;
}

/** The account and the date are required. */
export function validarCuentaYFecha(v: CuentaYFechaValores): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!v.IdTesoreria) out.IdTesoreria = [MSG.required('Cuenta')];
  if (!v.Fecha) out.Fecha = [MSG.required('Fecha')];
  return out;
}

/** 'Cuenta de tesorería' (from the company's accounts) and the date, with their errors in place. */
export function CuentaYFecha({
  form,
  opciones,
  etiquetaFecha = 'Fecha',
}: {
  form: FormApi<CuentaYFechaValores>;
  opciones: { value: string; label: string }[];
  etiquetaFecha?: string;
}) {
  return (
    <>
      <Select
        label="Cuenta de tesorería"
        withAsterisk
        data={opciones}
        value={form.values.IdTesoreria}
        onChange={(v) => form.set('IdTesoreria', v)}
        error={errorLines(form.errors('IdTesoreria'))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <DateInput
        label={etiquetaFecha}
        withAsterisk
        valueFormat="DD/MM/YYYY"
        value={form.values.Fecha || null}
        onChange={(v) => form.set('Fecha', v ? String(v).slice(0, 10) : '')}
        error={errorLines(form.errors('Fecha'))}
      />
    </>
  );
}

/** The foot of a dialog's form: its general error (announced) and Cancelar beside the green submit button. */
export function PieDialogo({
  form,
  boton,
  onCerrar,
  autofocus = false,
}: {
  form: Pick<FormApi<CuentaYFechaValores>, 'formError' | 'submitting'>;
  boton: string;
  onCerrar: () => void;
  /** The submit button takes the focus when the dialog opens (no input before it needs typing). */
  autofocus?: boolean;
}) {
  return (
    <>
      {form.formError && (
        <Text c="red" size="sm" role="alert">
          {form.formError}
        </Text>
      )}
      <BotonesDialogo
        onCancelar={onCerrar}
        type="submit"
        color="green"
        loading={form.submitting}
        data-autofocus={autofocus || undefined}
      >
        {boton}
      </BotonesDialogo>
    </>
  );
}

/** A centred dialog holding one form: Enter or the submit button sends it, the browser's own validation stays off. */
export function FormDialogo({
  titulo,
  onCerrar,
  onEnviar,
  children,
}: {
  titulo: string;
  onCerrar: () => void;
  onEnviar: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onCerrar} title={titulo} centered>
      <Formulario onEnviar={onEnviar}>
        <Stack>{children}</Stack>
      </Formulario>
    </Modal>
  );
}

/** The treasury accounts to collect or pay into, and the one offered first (the company's default when it is one). */
export function useCuentasCobro(idCuentaDefecto: number | null) {
  const cuentas = useReferenceList('tesoreria');
  if (!cuentas.data) return null;
  const opciones = selectableItems(cuentas.data, []);
  const porDefecto = idCuentaDefecto && opciones.some((o) => o.value === String(idCuentaDefecto));
  return { opciones, defecto: porDefecto ? String(idCuentaDefecto) : (opciones[0]?.value ?? null) };
}

/** The accounts a collection form offers, and the one chosen first. */
export type CuentasCobro = NonNullable<ReturnType<typeof useCuentasCobro>>;

/** A collection or payment form drawn once the company's treasury accounts are known (nothing until then). */
export function conCuentasCobro<P extends { idCuentaDefecto: number | null }>(Form: ComponentType<P & CuentasCobro>) {
  return function ConCuentasCobro(p: P) {
    const cuentas = useCuentasCobro(p.idCuentaDefecto);
    return cuentas ? <Form {...p} {...cuentas} /> : null;
  };
}
