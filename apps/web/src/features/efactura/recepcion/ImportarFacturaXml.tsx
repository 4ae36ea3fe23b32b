import { Alert, Anchor, Box, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../platform/api/client.ts';
import { ApiError } from '../../../platform/api/errors.ts';
import { qk } from '../../../platform/queryKeys.ts';
import { useReady } from '../../../platform/session/SessionProvider.tsx';
import { BuzonEfactura } from './BuzonEfactura.tsx';

/** What the import answers: the draft, its supplier, the XML's totals that disagree with Faro's and a currency note. */
export interface FacturaImportada {
  Id: number;
  NumFacturaProveedor: string;
  Proveedor: { Id: number; Nombre: string; Creado: boolean };
  Diferencias: { Campo: string; Mensaje: string }[];
  AvisoMoneda: string | null;
}

/** One file's import: waiting, done (the draft) or refused (the server's Spanish reason). */
interface Resultado {
  clave: string;
  nombre: string;
  hecha?: FacturaImportada;
  error?: string;
}

const ERROR_GENERICO = 'No se ha podido importar la factura electrónica';
const esXml = (f: File) => /\.xml$/i.test(f.name) || /xml/i.test(f.type);

/**
 * Received e-invoices (UBL, CII, Facturae) onto the received invoices list: dropped on the list, or chosen with the
 * file button (by keyboard too), several at once. Each file becomes a draft received invoice with its own result
 * beside the link that opens it, and what must be checked before registering it (totals that disagree, another
 * currency). Results are announced (`aria-live`); at 390 px everything wraps. The list reloads after each batch.
 */
export function ImportarFacturaXml({ children }: { children?: ReactNode }) {
  const { info } = useReady();
  const client = useQueryClient();
  const [resultados, setResultados] = useState<Resultado[]>([]);
  const [ocupado, setOcupado] = useState(false);
  const [encima, setEncima] = useState(false);

  const importar = async (files: File[]) => {
    if (!files.length || ocupado) return;
    setOcupado(true);
    const lote = files.map((f, i) => ({ clave: `${Date.now()}-${i}`, nombre: f.name, file: f }));
    setResultados(lote.map(({ clave, nombre }) => ({ clave, nombre })));
    for (const { clave, nombre, file } of lote) {
      let r: Resultado;
      try {
        r = {
          clave,
          nombre,
          hecha: await api.upload<FacturaImportada>('compras/fcompra/importar-xml', file, { silent: true }),
        };
      } catch (err) {
        r = { clave, nombre, error: err instanceof ApiError ? err.message : ERROR_GENERICO };
      }
      setResultados((rs) => rs.map((x) => (x.clave === clave ? r : x)));
    }
    setOcupado(false);
    await client.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, 'fcompra') });
  };

  const soltar = (e: DragEvent) => {
    e.preventDefault();
    setEncima(false);
    void importar([...e.dataTransfer.files].filter(esXml));
  };
  const arrastrando = (e: DragEvent) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setEncima(true);
  };

  return (
    <Box
      onDragOver={arrastrando}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setEncima(false);
      }}
      onDrop={soltar}
      data-testid="zona-facturas-xml"
      style={{
        outline: encima ? '2px dashed var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: 4,
        borderRadius: 4,
      }}
    >
      <Stack gap="xs" mb="sm">
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={(fs) => void importar(fs)} accept=".xml,application/xml,text/xml" multiple>
            {(props) => (
              <Button {...props} variant="light" loading={ocupado}>
                Importar facturas electrónicas (XML)
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {encima
              ? 'Suelta aquí las facturas electrónicas'
              : 'UBL, CII o Facturae; también puedes arrastrarlas sobre la lista'}
          </Text>
        </Group>
        <BuzonEfactura />
        <Stack gap="xs" aria-live="polite">
          {resultados.map((r) => (
            <ResultadoImportacion key={r.clave} r={r} />
          ))}
        </Stack>
      </Stack>
      {children}
    </Box>
  );
}

function ResultadoImportacion({ r }: { r: Resultado }) {
  if (r.error)
    return (
      <Alert color="red" role="alert" title={r.nombre} style={{ overflowWrap: 'anywhere' }}>
        {r.error}
      </Alert>
    );
  const hecha = r.hecha;
  if (!hecha)
    return (
      <Text size="sm" c="dimmed">
        {r.nombre}: importando…
      </Text>
    );
  const avisos = [...hecha.Diferencias.map((d) => d.Mensaje), hecha.AvisoMoneda].filter(Boolean) as string[];
  return (
    <Alert color={avisos.length ? 'yellow' : 'green'} role="status" style={{ overflowWrap: 'anywhere' }}>
      Factura {hecha.NumFacturaProveedor} de {hecha.Proveedor.Nombre}
      {hecha.Proveedor.Creado ? ' (proveedor nuevo)' : ''} importada como borrador.{' '}
      <Anchor component={Link} to={`/fcompra/editar/${hecha.Id}`}>
        Abrir la factura {hecha.NumFacturaProveedor}
      </Anchor>
      {avisos.length > 0 && (
        <List size="sm" mt="xs">
          {avisos.map((a) => (
            <List.Item key={a}>{a}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
