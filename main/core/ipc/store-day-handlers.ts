import { writeFile } from 'node:fs/promises';
import type { storeDayChannels } from '../../../shared/ipc-store-day';
import type { SaveTarget } from '../ports';
import { CodedFailure } from '../coded-failure';
import type { IpcHandlers } from './router';
import type { SettingsService } from '../settings/settings-service';
import { viewCsv } from '../shifts/report-csv';
import { storeDayView } from '../store/store-day-view';
import type { StoreService } from '../store/store-service';

export type StoreDayHandlers = Pick<IpcHandlers, keyof typeof storeDayChannels>;

/**
 * The local calendar day `date` (YYYY-MM-DD) as epoch bounds [fromMs, toMs), in this
 * machine's time zone like every time the counter shows; a day of 23 or 25 hours (clock
 * change) stays one day.
 */
export function localDayBounds(date: string): { fromMs: number; toMs: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = new Date(year, month - 1, day);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day) {
    // As the router names a request's refused fields: a date like 2025-02-30 passes its schema.
    throw new CodedFailure('invalid-request', { fields: 'date' });
  }
  return { fromMs: start.getTime(), toMs: new Date(year, month - 1, day + 1).getTime() };
}

/**
 * The store end of day's channels: read on the store thread, worded here in the operator's
 * language, saved as CSV like a Z report. Who may call them is the permission table's.
 */
export function createStoreDayHandlers(deps: {
  store: StoreService;
  settings: SettingsService;
  files: SaveTarget;
}): StoreDayHandlers {
  const read = async (date: string) => {
    const day = await deps.store.endOfDay(localDayBounds(date));
    return { day, view: storeDayView(day, { language: deps.settings.current().language }) };
  };
  return {
    storeEndOfDay: ({ date }) => read(date),
    storeEndOfDaySave: async ({ date }) => {
      const { view } = await read(date);
      const path = await deps.files.choosePath({
        defaultName: `paydesk-store-day-${date}.csv`,
        kind: 'csv',
      });
      if (!path) return { path: null };
      await writeFile(path, viewCsv(view));
      return { path };
    },
  };
}
