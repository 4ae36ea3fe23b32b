import { TextInput } from '@mantine/core';
import { ligarTexto } from '../../../ui/form/erroresCampo.ts';

/** What signing the contract sends: the signer's name and the 6-digit code sent by e-mail. */
export interface Firma {
  Firmante: string;
  Codigo: string;
}

export const FIRMA_VACIA: Firma = { Firmante: '', Codigo: '' };

/** The signer's name and the 6-digit code sent by e-mail: what signing the contract asks, in the terms dialog and the contract page alike. */
export function CamposFirma(p: { firma: Firma; cambiar: (f: Firma) => void; errores: Record<string, string> }) {
  const texto = ligarTexto(p.firma, p.cambiar, p.errores);
  return (
    <>
      <TextInput label="Nombre del firmante" withAsterisk {...texto('Firmante')} />
      <TextInput
        label="Código"
        withAsterisk
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        {...texto('Codigo')}
      />
    </>
  );
}
