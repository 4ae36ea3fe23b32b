import { MSG_ESTADOS_RECIBIDA, OPCIONES_MOTIVO_RECHAZO } from '@faro/domain';
import { Modal, Select, Textarea } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../../platform/api/client.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { BotonesDialogo } from '../../../ui/BotonesDialogo.tsx';
import { erroresDelGuardado } from '../../../ui/form/erroresCampo.ts';
import { type Errores, FormularioComprobado } from '../../../ui/form/FormularioComprobado.tsx';
import { RUTA_ESTADOS } from './estadosApi.ts';

/**
 * «Rechazar la factura»: the reason (OpenPEPPOL's codes, in Spanish) and, for «other», the words that explain it;
 * checked here with the server's messages, and the server's refusal shown on its field.
 */
export function RechazarDialogo({
  idDocumento,
  onClose,
  onHecho,
}: {
  idDocumento: number;
  onClose: () => void;
  onHecho: () => void;
}) {
  const [motivo, setMotivo] = useState<string | null>(null);
  const [detalle, setDetalle] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);
  const comprobar = (): Errores => {
    const e: Errores = {};
    if (!motivo) e.Motivo = MSG_ESTADOS_RECIBIDA.motivo;
    else if (motivo === 'OTH' && !detalle.trim()) e.Detalle = MSG_ESTADOS_RECIBIDA.detalle;
    if (detalle.length > 500) e.Detalle = MSG_ESTADOS_RECIBIDA.detalleLargo;
    return e;
  };
  const rechazar = async () => {
    setEnviando(true);
    try {
      await api.post(
        `${RUTA_ESTADOS}/rechazar/${idDocumento}`,
        { Motivo: motivo, Detalle: detalle.trim() || null },
        { silent: true },
      );
      notifySuccess('Factura rechazada: se informará al emisor');
      onHecho();
    } catch (e) {
      setErrores(erroresDelGuardado(e));
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Rechazar la factura">
      <FormularioComprobado
        comprobar={comprobar}
        errores={errores}
        setErrores={setErrores}
        onValido={() => void rechazar()}
        pie={
          <BotonesDialogo onCancelar={onClose} type="submit" color="red" loading={enviando}>
            Rechazar la factura
          </BotonesDialogo>
        }
      >
        <Select
          label="Motivo del rechazo"
          placeholder="Elige el motivo"
          data={OPCIONES_MOTIVO_RECHAZO}
          value={motivo}
          onChange={setMotivo}
          error={errores.Motivo}
          withAsterisk
          data-autofocus
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Explicación para el emisor"
          description={motivo === 'OTH' ? 'Obligatoria con «Otro motivo»' : 'Opcional'}
          minRows={3}
          maxLength={500}
          value={detalle}
          onChange={(e) => setDetalle(e.currentTarget.value)}
          error={errores.Detalle}
        />
      </FormularioComprobado>
    </Modal>
  );
}
