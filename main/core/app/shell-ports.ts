/**
 * Ports the core needs from the shell beyond main/core/ports.ts: where files go. Electron
 * answers with a save dialog, the test host with a temp directory.
 */
export interface SaveTarget {
  /** The path to write to, or null when the operator dismissed the dialog. */
  choosePath(request: { defaultName: string; kind: 'pdf' | 'csv' }): Promise<string | null>;
}
