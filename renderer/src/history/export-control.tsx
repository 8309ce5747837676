import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IpcError, IpcEventPayload } from '../../../shared/ipc';
import { ErrorNotice } from '../common/error-notice';
import { formatCount } from '../format/count';
import { intlLocale } from '../../../shared/format/intl-locale';
import { useLanguage } from '../i18n/use-language';
import { paydesk } from '../paydesk';
import { useHistoryStore } from '../stores/history-store';

export type CsvExport =
  | { kind: 'idle' }
  | { kind: 'running'; progress: IpcEventPayload<'historyExportProgress'> | null }
  | { kind: 'done'; rows: number; path: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: IpcError };

/**
 * Export CSV of whatever the filters select. A long export (a year of a busy shop) runs on
 * main's reader thread, reports how far it has got, and can be cancelled; the file is then
 * removed, never left half written.
 */
export function useCsvExport(): { state: CsvExport; start(): Promise<void> } {
  const [state, setState] = useState<CsvExport>({ kind: 'idle' });
  const running = state.kind === 'running';

  useEffect(() => {
    if (!running) return undefined;
    return paydesk().on('historyExportProgress', (progress) =>
      setState((current) => (current.kind === 'running' ? { kind: 'running', progress } : current)),
    );
  }, [running]);

  const start = async () => {
    setState({ kind: 'running', progress: null });
    const answer = await paydesk().historyExport({ filters: useHistoryStore.getState().filters });
    if (!answer.ok) setState({ kind: 'failed', error: answer.error });
    else if (answer.value.cancelled) setState({ kind: 'cancelled' });
    // No path: the operator dismissed the save dialog.
    else if (answer.value.path === null) setState({ kind: 'idle' });
    else setState({ kind: 'done', rows: answer.value.rows, path: answer.value.path });
  };
  return { state, start };
}

/** Export CSV, or Cancel export while one runs. */
export function ExportButton({ state, start }: ReturnType<typeof useCsvExport>) {
  const { t } = useTranslation();
  const running = state.kind === 'running';
  return (
    <button
      type="button"
      className="button filters-export"
      onClick={() => void (running ? paydesk().historyExportCancel({}) : start())}
    >
      {running ? t('history.exportCancel') : t('history.export')}
    </button>
  );
}

/** How far the export has got, or how it ended. */
export function ExportStatus({ state }: { state: CsvExport }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = (rows: number) => formatCount(rows, language);
  const percent = (fraction: number) =>
    new Intl.NumberFormat(intlLocale(language), { style: 'percent' }).format(fraction);
  return (
    <>
      <div role="status">
        {state.kind === 'running' ? (
          <p className="notice export-running">
            <progress
              max={1}
              value={state.progress?.fraction ?? 0}
              aria-label={t('history.exportProgressLabel')}
            />
            {t('history.exporting', {
              rows: count(state.progress?.rows ?? 0),
              percent: percent(state.progress?.fraction ?? 0),
            })}
          </p>
        ) : null}
        {state.kind === 'done' ? (
          <p className="notice notice-success">
            {t('history.exported', { rows: count(state.rows), path: state.path })}
          </p>
        ) : null}
        {state.kind === 'cancelled' ? (
          <p className="notice">{t('history.exportCancelled')}</p>
        ) : null}
      </div>
      {state.kind === 'failed' ? <ErrorNotice error={state.error} /> : null}
    </>
  );
}
