/** Codes the shift and report channels fail with, for the renderer's translation tables. */
export const shiftFailureCodes = [
  'shift-in-doubt',
  'shift-changed',
  'not-in-doubt',
  'not-adoptable',
  'no-such-z-report',
  'report-output-failed',
] as const;
export type ShiftFailureCode = (typeof shiftFailureCodes)[number];
