import { adelantar } from '../platform/api/client.ts';
import { hasTokens } from '../platform/storage.ts';
import { primerasLlamadas } from './primerasLlamadas.ts';

// Imported by the entry module right after the company context is asked (app/contextoTemprano.ts): a signed-in
// page load asks the screen's first data calls beside the context, since they need the token, not the context.
// The screen takes their answers when it asks the same calls (`adelantar`), so its data no longer waits for the
// context, the shell and its chunk one after the other.
if (hasTokens()) {
  for (const { path, params } of primerasLlamadas(window.location.pathname, window.location.search)) {
    adelantar(path, params);
  }
}
