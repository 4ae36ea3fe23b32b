import { ACCOUNT_TYPES, TIPOS_CUENTA_TEXTO } from '@faro/domain';
import { useQueryClient } from '@tanstack/react-query';

/** The platform administrator's API. */
export const ADM = 'usuarios/administrador';

/** The account types as select options. */
export const TIPOS = ACCOUNT_TYPES.map((t) => ({ value: t, label: TIPOS_CUENTA_TEXTO[t] }));

/** After a change: every platform list again. */
export const useRecargar = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['plataforma'] });
};
