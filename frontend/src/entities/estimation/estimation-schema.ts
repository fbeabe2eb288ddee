import { z } from 'zod';
import { type EstimationValues, estimationIssues } from './estimation-form';

const text = z.string();

/** The estimation form's rules (`estimationIssues`), as the forms library reads them. */
export const estimationSchema: z.ZodType<EstimationValues, EstimationValues> = z
  .object({
    beneficiaire: text,
    soin: text,
    centPourCentSante: text,
    prix: text,
    quantite: text,
    baseSecu: text,
    tauxSecu: text,
  })
  .superRefine((values, context) => {
    for (const { field, message } of estimationIssues(values)) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  });
