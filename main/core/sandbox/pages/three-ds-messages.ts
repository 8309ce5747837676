import { z } from 'zod';

/**
 * The EMV 3-D Secure browser messages the sandbox's pages pass along, base64url JSON as in
 * the real protocol: threeDSMethodData (method), CReq (challenge request) and CRes
 * (challenge result). They carry ids only, never card data.
 */
const methodDataSchema = z.object({ threeDSServerTransID: z.string() });
const challengeRequestSchema = z.object({
  threeDSServerTransID: z.string(),
  acsTransID: z.string(),
});
const challengeResultSchema = z.object({
  threeDSServerTransID: z.string(),
  acsTransID: z.string(),
  transStatus: z.string(),
});

export type MethodData = z.infer<typeof methodDataSchema>;
export type ChallengeRequest = z.infer<typeof challengeRequestSchema>;
export type ChallengeResult = z.infer<typeof challengeResultSchema>;

const encode = (message: object): string =>
  Buffer.from(JSON.stringify(message)).toString('base64url');

const decoder =
  <T>(schema: z.ZodType<T>) =>
  (text: string | null): T | null => {
    if (!text) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

export const encodeMethodData = (message: MethodData): string => encode(message);
export const encodeChallengeRequest = (message: ChallengeRequest): string =>
  encode({ ...message, messageType: 'CReq', messageVersion: '2.2.0', challengeWindowSize: '05' });
export const encodeChallengeResult = (message: ChallengeResult): string =>
  encode({ ...message, messageType: 'CRes', messageVersion: '2.2.0' });

export const decodeMethodData = decoder(methodDataSchema);
export const decodeChallengeRequest = decoder(challengeRequestSchema);
export const decodeChallengeResult = decoder(challengeResultSchema);
