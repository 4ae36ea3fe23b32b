import { MSG } from '@faro/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { abrirPdf } from '../../features/plataforma/comun.tsx';
import { CamposFirma, FIRMA_VACIA } from '../../features/plataforma/contratacion/CamposFirma.tsx';
import { api } from '../../platform/api/client.ts';
import { useSession } from '../../platform/session/SessionProvider.tsx';
import { notifySuccess } from '../../platform/ui/notify.ts';
import { erroresDe } from '../../ui/form/erroresCampo.ts';

const CONTRATO = 'usuarios/usuario/contratopendiente';

/**
 * Non-dismissable while the terms are not accepted, shown on every navigation: nothing works before signing, so the
 * modal is where the contract is read and, by the company's owner, signed with the code e-mailed to them; 'Cerrar
 * sesión' is the other way out.
 */
export function TermsModal() {
  const { logout, state, patchInfo } = useSession();
  const propietario = state.status === 'ready' && state.info.Propietario;
  return (
    <Modal
      opened
      onClose={() => {}}
      title="Aviso Legal"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      zIndex={2000}
    >
      <Stack gap="md">
        <Text>{MSG.termsPending}.</Text>
        <Group>
          <Button variant="light" onClick={() => abrirPdf(`${CONTRATO}/pdf`).catch(() => {})}>
            Ver el contrato
          </Button>
        </Group>
        {propietario ? (
          <FirmaContrato onFirmado={() => patchInfo({ CondicionesAceptadas: true })} />
        ) : (
          <Text size="sm" c="dimmed">
            Solo el propietario de la empresa puede firmar el contrato.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={() => logout()}>Cerrar sesión</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The owner's signature: the code by e-mail, the typed name as signature. */
function FirmaContrato({ onFirmado }: { onFirmado: () => void }) {
  const queryClient = useQueryClient();
  const [firma, setFirma] = useState(FIRMA_VACIA);
  const [err, setErr] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);
  const [firmando, setFirmando] = useState(false);

  const enviarCodigo = async () => {
    setEnviando(true);
    try {
      notifySuccess((await api.post<{ Mensaje: string }>(`${CONTRATO}/codigo`)).Mensaje);
    } catch {
      // the toast already says why
    } finally {
      setEnviando(false);
    }
  };
  const firmar = async () => {
    setErr({});
    setFirmando(true);
    try {
      const r = await api.post<{ Mensaje: string }>(`${CONTRATO}/firmar`, firma);
      notifySuccess(r.Mensaje);
      // Whatever the screen behind asked before signing was refused: it asks again.
      void queryClient.invalidateQueries();
      onFirmado();
    } catch (e) {
      setErr(erroresDe(e));
    } finally {
      setFirmando(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Para firmar, pide el código de 6 cifras que te enviamos por correo y escribe tu nombre completo como firma.
      </Text>
      <Group>
        <Button variant="light" loading={enviando} onClick={enviarCodigo}>
          Enviar el código
        </Button>
      </Group>
      <CamposFirma firma={firma} cambiar={setFirma} errores={err} />
      <Group>
        <Button loading={firmando} onClick={firmar}>
          Firmar el contrato
        </Button>
      </Group>
    </Stack>
  );
}
