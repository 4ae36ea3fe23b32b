import { type EntityDef, formatNumber } from '@faro/domain';
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Stepper, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { qk } from '../../platform/queryKeys.ts';
import { useReady } from '../../platform/session/SessionProvider.tsx';
import { BotonesDialogo } from '../../ui/BotonesDialogo.tsx';
import { apiBase } from '../../ui/entityPaths.ts';
import { Cabecera } from '../../ui/TablaSimple.tsx';

/** The entities that import from CSV or XLSX. */
export const IMPORTABLE = new Set(['clientes', 'proveedores', 'productos']);

/** `POST {resource}/importar`: the file's columns, a sample and the server's suggested mapping. */
export interface Uploaded {
  Id: number;
  Fichero: string;
  Columnas: string[];
  TotalFilas: number;
  Muestra: Record<string, unknown>[];
  /** Column → field. */
  Mapeo: Record<string, string>;
  Campos: { Campo: string; Etiqueta: string; Obligatorio: boolean }[];
}

export interface Preview {
  Total: number;
  Validas: number;
  Rechazadas: { Fila: number; Errores: { Campo: string; Mensaje: string; Columna: string | null }[] }[];
  Avisos: { Fila: number; Mensaje: string }[];
}

export interface Result {
  Importados: number;
  Avisos: { Fila: number; Mensaje: string }[];
}

const NOT_IMPORTED = '';

/** Required fields no column is mapped to. */
export function missingRequired(up: Uploaded, mapping: Record<string, string>): string[] {
  const mapped = new Set(Object.values(mapping));
  return up.Campos.filter((c) => c.Obligatorio && !mapped.has(c.Campo)).map((c) => c.Etiqueta);
}

/**
 * Import wizard: upload a CSV/XLSX → map its columns (the server suggests a mapping) → preview with every rejected
 * row and its reasons → confirm (nothing is written before) → result. Closing before confirming discards the upload.
 */
export function ImportWizard({ entity, opened, onClose }: { entity: EntityDef; opened: boolean; onClose: () => void }) {
  const base = `${apiBase(entity)}/importar`;
  const { info } = useReady();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const step = result ? 3 : preview ? 2 : uploaded ? 1 : 0;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // The API client already showed the error.
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setFile(null);
    setUploaded(null);
    setMapping({});
    setPreview(null);
    setResult(null);
  };

  const close = () => {
    if (uploaded && !result) void api.del(`${base}/${uploaded.Id}`, { silent: true, background: true }).catch(() => {});
    reset();
    onClose();
  };

  const upload = () =>
    run(async () => {
      if (!file) return;
      const up = await api.upload<Uploaded>(base, file);
      setUploaded(up);
      setMapping(up.Mapeo);
    });

  const previsualizar = () =>
    run(async () => {
      if (!uploaded) return;
      setPreview(await api.post<Preview>(`${base}/${uploaded.Id}/previsualizar`, { Mapeo: cleanMapping(mapping) }));
    });

  const confirmar = () =>
    run(async () => {
      if (!uploaded) return;
      setResult(await api.post<Result>(`${base}/${uploaded.Id}/confirmar`, { Mapeo: cleanMapping(mapping) }));
      await queryClient.invalidateQueries({ queryKey: qk.entity(info.IdEmpresa, entity.name) });
    });

  const fieldOptions = [
    { value: NOT_IMPORTED, label: 'No importar' },
    ...(uploaded?.Campos ?? []).map((c) => ({ value: c.Campo, label: `${c.Etiqueta}${c.Obligatorio ? ' *' : ''}` })),
  ];
  const missing = uploaded ? missingRequired(uploaded, cleanMapping(mapping)) : [];

  return (
    <Modal opened={opened} onClose={close} title={`Importar ${entity.labelPlural.toLowerCase()}`} size="xl" centered>
      <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label="Fichero" />
        <Stepper.Step label="Columnas" />
        <Stepper.Step label="Revisión" />
        <Stepper.Step label="Resultado" />
      </Stepper>

      {step === 0 && (
        <Stack>
          <FileInput
            label="Fichero CSV o Excel (xlsx)"
            placeholder="Elige un fichero"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
          />
          <BotonesDialogo onCancelar={close} onClick={() => void upload()} disabled={!file} loading={busy}>
            Subir
          </BotonesDialogo>
        </Stack>
      )}

      {step === 1 && uploaded && (
        <Stack>
          <Text size="sm">
            {uploaded.Fichero}: {uploaded.TotalFilas} {uploaded.TotalFilas === 1 ? 'fila' : 'filas'}. Indica qué campo
            es cada columna.
          </Text>
          <Table striped withTableBorder>
            <Cabecera columnas={['Columna del fichero', 'Ejemplo', 'Campo']} />
            <Table.Tbody>
              {uploaded.Columnas.map((col) => (
                <Table.Tr key={col}>
                  <Table.Td>{col}</Table.Td>
                  <Table.Td>{String(uploaded.Muestra[0]?.[col] ?? '')}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Campo de la columna ${col}`}
                      data={fieldOptions}
                      value={mapping[col] ?? NOT_IMPORTED}
                      onChange={(v) => setMapping((m) => ({ ...m, [col]: v ?? NOT_IMPORTED }))}
                      allowDeselect={false}
                      searchable
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {missing.length > 0 && (
            <Alert color="yellow" variant="light">
              Campos obligatorios sin columna: {missing.join(', ')}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={reset}>
              Cambiar fichero
            </Button>
            <Button onClick={() => void previsualizar()} loading={busy}>
              Revisar
            </Button>
          </Group>
        </Stack>
      )}

      {step === 2 && preview && (
        <Stack>
          <Text size="sm" data-testid="import-summary">
            {formatNumber(preview.Validas, 0)} de {formatNumber(preview.Total, 0)} filas correctas,{' '}
            {preview.Rechazadas.length} rechazadas. No se ha guardado nada todavía.
          </Text>
          {preview.Rechazadas.length > 0 && (
            <Table striped withTableBorder data-testid="import-rejected">
              <Cabecera columnas={['Fila', 'Columna', 'Motivo']} />
              <Table.Tbody>
                {preview.Rechazadas.flatMap((r) =>
                  r.Errores.map((e) => (
                    <Table.Tr key={`${r.Fila}-${e.Campo}-${e.Mensaje}`}>
                      <Table.Td>{r.Fila}</Table.Td>
                      <Table.Td>{e.Columna ?? e.Campo}</Table.Td>
                      <Table.Td>{e.Mensaje}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          )}
          {preview.Rechazadas.length > 0 && (
            <Alert color="red" variant="light">
              Corrige las filas rechazadas en el fichero (o el mapeo de columnas) para poder importar: no se importa
              nada mientras haya filas rechazadas.
            </Alert>
          )}
          <Avisos list={preview.Avisos} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setPreview(null)}>
              Volver a las columnas
            </Button>
            <Button
              onClick={() => void confirmar()}
              loading={busy}
              disabled={preview.Rechazadas.length > 0 || preview.Validas === 0}
            >
              Importar {preview.Validas} {preview.Validas === 1 ? 'fila' : 'filas'}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 3 && result && (
        <Stack>
          <Alert color="green" variant="light" data-testid="import-result">
            Se han importado {result.Importados} {result.Importados === 1 ? 'registro' : 'registros'}.
          </Alert>
          <Avisos list={result.Avisos} />
          <Group justify="flex-end">
            <Button onClick={close}>Cerrar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Avisos({ list }: { list: { Fila: number; Mensaje: string }[] }) {
  if (!list.length) return null;
  return (
    <Alert color="yellow" variant="light" title="Avisos">
      {list.map((a) => (
        <Text key={`${a.Fila}-${a.Mensaje}`} size="sm">
          Fila {a.Fila}: {a.Mensaje}
        </Text>
      ))}
    </Alert>
  );
}

/** The mapping the server gets: columns left as 'No importar' are dropped. */
export function cleanMapping(mapping: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== NOT_IMPORTED));
}

/** 'Importar' beside 'Exportar' on the lists of importable entities. */
export function ImportButton({ entity }: { entity: EntityDef }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Importar
      </Button>
      <ImportWizard entity={entity} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
