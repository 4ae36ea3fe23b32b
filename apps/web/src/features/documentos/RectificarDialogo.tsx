import { Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { ApiError } from '../../platform/api/errors.ts';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { type DocumentoVenta, TIPOS_RECTIFICATIVA } from './documentosModel.ts';

/** 'Rectificar': the corrective type and mode; creates the corrective invoice as a draft. */
export function RectificarDialogo({
  doc,
  onCerrar,
  onHecho,
}: {
  doc: DocumentoVenta;
  onCerrar: () => void;
  onHecho: (id: number) => Promise<void>;
}) {
  const [tipo, setTipo] = useState(doc.Tipo === 'simplificada' ? 'R5' : 'R1');
  const [modo, setModo] = useState<'S' | 'I'>('I');
  const [ocupado, setOcupado] = useState(false);
  const enviar = async () => {
    setOcupado(true);
    try {
      const nueva = await api.post<DocumentoVenta>(`ventas/fventa/rectificar/${doc.Id}`, {
        TipoRectificativa: tipo,
        Modo: modo,
      });
      await onHecho(nueva.Id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Modal opened onClose={onCerrar} title={`Rectificar la factura ${doc.NumSerie ?? ''}`} centered size="lg">
      <Stack>
        <Select
          label="Tipo de rectificativa"
          data={TIPOS_RECTIFICATIVA}
          value={tipo}
          allowDeselect={false}
          onChange={(v) => setTipo(v ?? 'R1')}
          comboboxProps={{ withinPortal: true }}
        />
        <Radio.Group label="Modo" value={modo} onChange={(v) => setModo(v as 'S' | 'I')}>
          <Stack gap={6} mt={6}>
            <Radio
              value="I"
              label="Por diferencias: las líneas restan de la original (por defecto, la anulan entera)"
            />
            <Radio
              value="S"
              label="Por sustitución: la rectificativa sustituye a la original con sus líneas corregidas"
            />
          </Stack>
        </Radio.Group>
        <Text size="sm" c="dimmed">
          Se crea un borrador en la serie rectificativa de la factura. Revísalo y emítelo.
        </Text>
        <BotonesDialogo onCancelar={onCerrar} loading={ocupado} onClick={() => void enviar()}>
          Crear rectificativa
        </BotonesDialogo>
      </Stack>
    </Modal>
  );
}
