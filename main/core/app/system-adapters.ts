import { randomUUID } from 'node:crypto';
import type { Clock, IdGenerator } from '../ports';

/** The real clock; tests substitute one they can move. */
export const systemClock: Clock = { now: () => Date.now(), monotonic: () => performance.now() };

/** RFC 4122 v4 GUIDs from the platform's CSPRNG. */
export const randomIds: IdGenerator = { uuid: () => randomUUID() };
