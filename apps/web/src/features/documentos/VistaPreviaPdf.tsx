import { Alert, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { IconDownload } from '../../ui/icons.tsx';
import { guardarComo } from '../../ui/list/ExportMenu.tsx';
import { type DocumentoVenta, ETIQUETA_TIPO } from './documentosModel.ts';

/** "Factura F0006.pdf", "Presupuesto borrador 12.pdf". */
export const nombrePdf = (doc: DocumentoVenta) =>
  `${ETIQUETA_TIPO[doc.Tipo]} ${doc.NumSerie ?? `borrador ${doc.Id}`}.pdf`;

export { guardarComo };

/**
 * 'Vista previa': the document's PDF, downloaded through the API client (bearer token), in a frame of a large modal
 * (the CSP allows `frame-src blob:`), with Descargar, Imprimir (the frame's own print) and Abrir en pestaña nueva.
 */
export function VistaPreviaPdf({ ruta, doc, onCerrar }: { ruta: string; doc: DocumentoVenta; onCerrar: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const nombre = nombrePdf(doc);

  useEffect(() => {
    let vivo = true;
    let creada: string | null = null;
    api.download(ruta).then(
      (blob) => {
        if (!vivo) return;
        creada = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setUrl(creada);
      },
      () => {
        if (vivo) setError(true); // downloads fail without a toast (spec section 8): the modal says it
      },
    );
    return () => {
      vivo = false;
      // A tab opened from the preview may still be reading it.
      if (creada) setTimeout(() => URL.revokeObjectURL(creada as string), 60_000);
    };
  }, [ruta]);

  const imprimir = () => {
    const w = frame.current?.contentWindow;
    if (!w) return;
    w.focus();
    w.print();
  };

  return (
    <Modal
      opened
      onClose={onCerrar}
      title={`Vista previa · ${nombre.replace(/\.pdf$/, '')}`}
      size="90%"
      centered
      styles={{ body: { paddingBottom: 12 } }}
    >
      <Stack gap="sm">
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={!url}
            onClick={() => url && window.open(url, '_blank', 'noopener')}
          >
            Abrir en pestaña nueva
          </Button>
          <Button variant="default" size="xs" disabled={!url} onClick={imprimir}>
            Imprimir
          </Button>
          <Button
            size="xs"
            leftSection={<IconDownload size={14} />}
            disabled={!url}
            onClick={() => url && guardarComo(url, nombre)}
          >
            Descargar
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light">
            No se ha podido generar el PDF del documento
          </Alert>
        ) : url ? (
          <iframe
            ref={frame}
            src={url}
            title={`PDF de ${nombre}`}
            data-testid="pdf-vista-previa"
            style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
          />
        ) : (
          <Center h="75vh">
            <Loader />
          </Center>
        )}
      </Stack>
    </Modal>
  );
}
