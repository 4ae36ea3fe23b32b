// Marketing's master data: e-mail templates and audience segments.
import { plantemail, segmentacion } from '@faro/domain';
import { entityTable } from '../../platform/db/entityTable.ts';

export const plantemailTable = entityTable(plantemail);
export const segmentacionTable = entityTable(segmentacion);
