/** The browser location when the user allows it; otherwise null (Latitud and Longitud travel as null). */
export interface Position {
  Latitud: number | null;
  Longitud: number | null;
}

const NONE: Position = { Latitud: null, Longitud: null };

export function currentPosition(timeoutMs = 8000): Promise<Position> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(NONE);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(NONE), timeoutMs + 500);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve({ Latitud: p.coords.latitude, Longitud: p.coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(NONE);
      },
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
