import { formatDate, formatNumber } from '@faro/domain';
import { Alert, List, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../platform/api/client.ts';
import { notifyError, notifySuccess } from '../../platform/ui/notify.ts';

const R = 'impuestos/contabilidad/libro';

/** A document the server could not post, and why. */
export interface ErrorDocumento {
  Documento: string;
  Fecha: string;
  Mensaje: string;
}

/** One call of `…/libro/generar/lote`. */
interface Lote {
  Total?: number;
  Documentos: number;
  Asientos: number;
  Errores: ErrorDocumento[];
  Siguiente: string | null;
}

/** How far «Generar asientos» has gone. */
export interface EstadoGeneracion {
  hechos: number;
  total: number | null;
  asientos: number;
  errores: ErrorDocumento[];
  activo: boolean;
}

export const porcentajeGeneracion = (e: EstadoGeneracion): number =>
  e.total ? Math.min(100, Math.round((e.hechos / e.total) * 100)) : e.activo ? 0 : 100;

const numero = (n: number) => formatNumber(n, 0);
export const textoGeneracion = (e: EstadoGeneracion) =>
  e.total === null
    ? 'Contando los documentos del periodo…'
    : `${numero(e.hechos)} de ${numero(e.total)} documentos · ${numero(e.asientos)} asientos`;

/**
 * «Generar asientos» by batches: the server posts a batch of documents per call (its own transaction) and answers
 * how far it got, so a big client's year shows its progress and the screen stays usable (the calls do not raise the
 * loading overlay). Documents that cannot be posted are listed with their reason; the rest go on. `alTerminar`
 * runs once the period is done (the screen refreshes its reports).
 */
export function useGenerarAsientos(alTerminar: () => unknown) {
  const [estado, setEstado] = useState<EstadoGeneracion | null>(null);
  const enCurso = useRef(false);
  const montado = useRef(true);
  useEffect(() => {
    montado.current = true;
    return () => {
      // Leaving the screen stops asking for more batches: what was posted stays, and a new run goes on from there.
      montado.current = false;
    };
  }, []);
  const generar = async (rango: { FechaDesde: string; FechaHasta: string }) => {
    if (enCurso.current) return;
    enCurso.current = true;
    let e: EstadoGeneracion = { hechos: 0, total: null, asientos: 0, errores: [], activo: true };
    setEstado(e);
    try {
      let Paso: string | null = null;
      do {
        const r: Lote = await api.post<Lote>(
          `${R}/generar/lote`,
          { ...rango, ...(Paso ? { Paso } : {}) },
          { background: true },
        );
        e = {
          hechos: e.hechos + r.Documentos,
          total: r.Total ?? e.total,
          asientos: e.asientos + r.Asientos,
          errores: [...e.errores, ...r.Errores],
          activo: true,
        };
        if (montado.current) setEstado(e);
        Paso = r.Siguiente;
      } while (Paso && montado.current);
      e = { ...e, activo: false };
      if (!montado.current) return;
      setEstado(e);
      notifySuccess(`Asientos generados: ${e.asientos}`);
      if (e.errores.length) notifyError(`${e.errores.length} documentos no tienen asiento: revisa la lista`);
      await alTerminar();
    } catch {
      // The API client has shown the error; the bar stays where it stopped.
      if (montado.current) setEstado({ ...e, activo: false });
    } finally {
      enCurso.current = false;
    }
  };
  return { estado, generando: !!estado?.activo, generar };
}

const MAX_ERRORES = 50;

/** The bar, its "N de M documentos" line and the documents that could not be posted (nothing before a run). */
export function ProgresoGeneracion({ estado }: { estado: EstadoGeneracion | null }) {
  if (!estado) return null;
  const pct = porcentajeGeneracion(estado);
  const texto = textoGeneracion(estado);
  return (
    <Stack gap={4} mt="sm" data-testid="generacion-progreso">
      <Progress.Root size="md">
        <Progress.Section
          value={estado.total === null ? 100 : pct}
          animated={estado.activo}
          striped={estado.activo}
          withAria={false}
          role="progressbar"
          aria-label="Progreso de la generación de asientos"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={estado.total === null ? undefined : pct}
          aria-valuetext={texto}
        />
      </Progress.Root>
      <Text size="sm">
        {texto} · {pct} %
      </Text>
      <VisuallyHidden aria-live="polite" role="status">
        {estado.activo ? '' : `Generación terminada: ${texto}`}
      </VisuallyHidden>
      {estado.errores.length > 0 && (
        <Alert color="red" variant="light" title={`Documentos sin asiento: ${estado.errores.length}`}>
          <List size="sm">
            {estado.errores.slice(0, MAX_ERRORES).map((x) => (
              <List.Item key={`${x.Documento}-${x.Fecha}`}>
                {x.Documento}
                {x.Fecha ? ` (${formatDate(x.Fecha)})` : ''}: {x.Mensaje}
              </List.Item>
            ))}
          </List>
          {estado.errores.length > MAX_ERRORES && (
            <Text size="sm">Y {estado.errores.length - MAX_ERRORES} documentos más.</Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
