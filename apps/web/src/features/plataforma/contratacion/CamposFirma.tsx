import { TextInput } from '@mantine/core';

/** The signer's name and the 6-digit code sent by e-mail: what signing the contract asks, in the terms dialog and the contract page alike. */
export function CamposFirma({
  firmante,
  codigo,
  errores,
  cambiarFirmante,
  cambiarCodigo,
}: {
  firmante: string;
  codigo: string;
  errores: Record<string, string | undefined>;
  cambiarFirmante: (v: string) => void;
  cambiarCodigo: (v: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Nombre del firmante"
        withAsterisk
        value={firmante}
        error={errores.Firmante}
        onChange={(e) => cambiarFirmante(e.currentTarget.value)}
      />
      <TextInput
        label="Código"
        withAsterisk
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        value={codigo}
        error={errores.Codigo}
        onChange={(e) => cambiarCodigo(e.currentTarget.value)}
      />
    </>
  );
}
