import { Stack, Textarea, TextInput } from '@mantine/core';
import { errorLines } from '../../ui/form/FormField.tsx';
import { ligarEntrada } from '../../ui/form/Formulario.tsx';
import type { FormApi } from '../../ui/form/useForm.ts';
import { vacio } from './CabeceraDocumento.tsx';
import type { DocValues } from './documentosModel.ts';
import { useLado } from './lado.ts';

/**
 * Observations, delivery address and the company's free texts (those configured, or filled on the document). A
 * read-only document shows only those it holds; `hayNotas` says whether there is anything to show at all.
 */
export function NotasDocumento({
  form,
  readOnly,
  textosLibres,
}: {
  form: FormApi<DocValues>;
  readOnly: boolean;
  textosLibres: (1 | 2 | 3)[];
}) {
  const err = (k: keyof DocValues & string) => errorLines(form.errors(k));
  const ver = (v: unknown) => !readOnly || !vacio(v);
  // Purchases have no delivery address.
  const envio = useLado().lado === 'venta';
  return (
    <Stack gap="xs">
      {ver(form.values.Observaciones) && (
        <Textarea label="Observaciones" minRows={2} {...ligarEntrada(form, 'Observaciones')} readOnly={readOnly} />
      )}
      {envio && ver(form.values.DireccionEnvio) && (
        <TextInput label="Dirección de envío" {...ligarEntrada(form, 'DireccionEnvio')} readOnly={readOnly} />
      )}
      {textosLibres
        .filter((n) => ver(form.values[`VentasTxtLibre${n}`]))
        .map((n) => (
          <TextInput
            key={n}
            label={`Texto libre ${n}`}
            value={form.values[`VentasTxtLibre${n}`] as string}
            readOnly={readOnly}
            onChange={(e) => form.set(`VentasTxtLibre${n}`, e.currentTarget.value)}
            error={err(`VentasTxtLibre${n}`)}
          />
        ))}
    </Stack>
  );
}

export function hayNotas(v: DocValues, readOnly: boolean, textosLibres: (1 | 2 | 3)[]): boolean {
  if (!readOnly) return true;
  return [v.Observaciones, v.DireccionEnvio, ...textosLibres.map((n) => v[`VentasTxtLibre${n}`])].some(
    (x) => !vacio(x),
  );
}
