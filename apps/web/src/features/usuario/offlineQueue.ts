import type { TipoFichaje } from '@faro/domain';

/**
 * Entries taken without network (the phone screen): kept in the browser with their device time and a client id,
 * sent in order when the network is back. The server stores each client id once, so a resend after a lost answer
 * never doubles an entry; it flags them as offline.
 */
export interface FichajePendiente {
  Tipo: TipoFichaje;
  Origen: 'w' | 'm';
  MotivoPausa: string | null;
  Latitud?: number | null;
  Longitud?: number | null;
  IdCliente: string;
  FechaDispositivo: string;
}

const key = (empresa: number) => `faro.fichajes.pendientes.${empresa}`;

export function pendientes(empresa: number): FichajePendiente[] {
  try {
    const raw = localStorage.getItem(key(empresa));
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as FichajePendiente[]) : [];
  } catch {
    return [];
  }
}

function guardar(empresa: number, list: FichajePendiente[]) {
  if (list.length === 0) localStorage.removeItem(key(empresa));
  else localStorage.setItem(key(empresa), JSON.stringify(list));
}

export function encolar(empresa: number, f: FichajePendiente) {
  guardar(empresa, [...pendientes(empresa), f]);
}

/** A client id the server accepts ([A-Za-z0-9_-], 8–64). */
export function nuevoIdCliente(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `f-${random}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
}

/** Phones clock as 'm' (mobile), the rest as 'w' (web). */
export const origenDispositivo = (): 'w' | 'm' =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches ? 'm' : 'w';

/**
 * Sends the queue in order. `send` resolves true when the server took the entry (or refused it for good: a 4xx),
 * false on a network error (the rest waits). Returns how many left the queue.
 */
export async function enviarPendientes(
  empresa: number,
  send: (f: FichajePendiente) => Promise<boolean>,
): Promise<number> {
  let sent = 0;
  for (const f of pendientes(empresa)) {
    if (!(await send(f))) break;
    guardar(
      empresa,
      pendientes(empresa).filter((p) => p.IdCliente !== f.IdCliente),
    );
    sent += 1;
  }
  return sent;
}
