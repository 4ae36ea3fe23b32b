import { Checkbox, FileInput, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../platform/api/errors.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { erroresDe, textoDe, useErroresCampo } from '../../ui/form/erroresCampo.ts';
import { errorJustificante } from './JustificantePdf.tsx';

/** «Marcar como presentado»: date, CSV, direct debit and the AEAT's receipt; the return is locked afterwards. */
export function PresentarModal({
  onClose,
  presentar,
}: {
  onClose: () => void;
  presentar: (d: {
    FechaPresentacion: string;
    Justificante: string;
    Domiciliado: boolean;
    Pdf: File | null;
  }) => Promise<void>;
}) {
  const [fecha, setFecha] = useState(new Date().toISOString().slice(0, 10));
  const [csv, setCsv] = useState('');
  const [domiciliado, setDomiciliado] = useState(false);
  const [pdf, setPdf] = useState<File | null>(null);
  const { errores, setErrores } = useErroresCampo();
  const enviar = async () => {
    const errorPdf = pdf && (await errorJustificante(pdf));
    if (errorPdf) return setErrores({ Pdf: errorPdf });
    try {
      await presentar({ FechaPresentacion: fecha, Justificante: csv, Domiciliado: domiciliado, Pdf: pdf });
    } catch (e) {
      if (!(e instanceof ApiError)) return;
      // The receipt's refusal has no field (its route answers { Mensaje }): shown under the file input.
      setErrores(e.fieldErrors.length ? erroresDe(e) : { Pdf: e.message });
    }
  };
  return (
    <Modal opened onClose={onClose} title="Marcar como presentado">
      <Stack gap="sm">
        <Text size="sm">
          Una vez presentado, el modelo queda bloqueado: un cambio será una complementaria o sustitutiva.
        </Text>
        <TextInput
          label="Fecha de presentación"
          type="date"
          withAsterisk
          {...textoDe(fecha, setFecha, errores.FechaPresentacion)}
        />
        <TextInput label="CSV o número de justificante" withAsterisk {...textoDe(csv, setCsv, errores.Justificante)} />
        <FileInput
          label="Justificante de la AEAT en PDF (opcional)"
          accept="application/pdf"
          clearable
          value={pdf}
          onChange={setPdf}
          error={errores.Pdf}
        />
        <Checkbox
          label="Pago domiciliado en cuenta"
          checked={domiciliado}
          onChange={(e) => setDomiciliado(e.currentTarget.checked)}
          error={errores.Domiciliado}
        />
        <BotonesDialogo onCancelar={onClose} onClick={enviar}>
          Marcar como presentado
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
