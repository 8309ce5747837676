import { useEffect, useState } from 'react';

/**
 * This window's clock, re-read every quarter second so elapsed times tick without drifting
 * (and a screen that waits for the bank notices when it has waited long). Slower screens
 * (a hold's age in days) pass a longer interval.
 */
export function useNow(intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
