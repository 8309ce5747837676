import { z } from 'zod';

/** A GUID in any letter case, compared lower-case (the gateway's ids are GUIDs, seed §2.1). */
export const guidSchema = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    'The value must be a GUID.',
  )
  .transform((id) => id.toLowerCase());
